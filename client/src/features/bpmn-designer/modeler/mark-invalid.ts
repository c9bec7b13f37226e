/**
 * Shows on the canvas which element 保存模型 refused (workflow spec §5): the element gets the
 * `designer-invalid` marker (red outline, designer.css), is selected (so the panel opens on it)
 * and scrolled into view. The marks go on the next save or the next edit.
 */
import type { DesignerModeler } from './create-modeler';

export const INVALID_MARKER = 'designer-invalid';

interface Shape { id: string }
interface Registry { get(id: string): Shape | undefined; getAll(): Shape[] }
interface MarkerCanvas {
  addMarker(el: Shape, marker: string): void;
  removeMarker(el: Shape, marker: string): void;
  hasMarker(el: Shape, marker: string): boolean;
  scrollToElement(el: Shape, padding?: number): void;
}
interface Selection { select(el: Shape | null): void }

/** Removes every `designer-invalid` marker. */
export function clearInvalidMarks(modeler: DesignerModeler): void {
  const canvas = modeler.get<MarkerCanvas>('canvas');
  for (const el of modeler.get<Registry>('elementRegistry').getAll()) {
    if (canvas.hasMarker(el, INVALID_MARKER)) canvas.removeMarker(el, INVALID_MARKER);
  }
}

/** Marks, selects and reveals `elementId`; null (the process) selects nothing so the panel shows the process. */
export function markInvalid(modeler: DesignerModeler, elementId: string | null): void {
  const selection = modeler.get<Selection>('selection');
  const el = elementId ? modeler.get<Registry>('elementRegistry').get(elementId) : undefined;
  if (!el) {
    selection.select(null);
    return;
  }
  const canvas = modeler.get<MarkerCanvas>('canvas');
  canvas.addMarker(el, INVALID_MARKER);
  try {
    canvas.scrollToElement(el, 80);
  } catch {
    // an element without bounds (e.g. a hidden one) cannot be scrolled to; the mark stays
  }
  selection.select(el);
}
