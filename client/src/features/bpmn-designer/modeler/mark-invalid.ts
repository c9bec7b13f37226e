/**
 * Shows on the canvas which element 保存模型 refused (workflow spec §5; issue 13 C "marks each
 * faulty element on the canvas with its message"): the element gets the `designer-invalid`
 * marker (red outline, designer.css), and for the engine's problems (`definition.validate`) an
 * overlay under it with the reason; the first one is selected (so the panel opens on it) and
 * scrolled into view. The marks go on the next save or the next edit.
 */
import type { DesignerModeler } from './create-modeler';
import { configGapShort, isConfigGapMessage } from '../../../../../shared/bpmn/config-messages';
import type { ElementRegistry as Registry, MarkerCanvas, Overlays, Selection } from './canvas-services';

export const INVALID_MARKER = 'designer-invalid';
/** Event the designer fires on the modeler's event bus to open a collapsed property panel (PanelSlot.tsx). */
export const PANEL_REVEAL_EVENT = 'designer.panel.reveal';

/** One problem the engine found (`flowable.definition.validate`). */
export interface MarkedProblem { elementId: string; elementName?: string; elementType?: string; message: string }

/** Removes every `designer-invalid` marker and problem overlay. */
export function clearInvalidMarks(modeler: DesignerModeler): void {
  modeler.get<Overlays>('overlays').remove({ type: INVALID_MARKER });
  const canvas = modeler.get<MarkerCanvas>('canvas');
  for (const el of modeler.get<Registry>('elementRegistry').getAll()) {
    if (canvas.hasMarker(el, INVALID_MARKER)) canvas.removeMarker(el, INVALID_MARKER);
  }
}

/**
 * Marks, selects and reveals `elementId` and opens the property panel on it (PANEL_REVEAL_EVENT);
 * null (the process) selects nothing so the panel shows the process.
 */
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
  modeler.get<{ fire(type: string): unknown }>('eventBus').fire(PANEL_REVEAL_EVENT);
}

/**
 * Marks every element of `problems` (marker + an overlay with its reason, several reasons of one
 * element joined) and selects the first one found; returns the ids marked (problems about the
 * whole model or an element not on the canvas mark nothing).
 */
export function markProblems(modeler: DesignerModeler, problems: readonly MarkedProblem[]): string[] {
  const registry = modeler.get<Registry>('elementRegistry');
  const canvas = modeler.get<MarkerCanvas>('canvas');
  const overlays = modeler.get<Overlays>('overlays');
  const reasons = new Map<string, string[]>();
  for (const p of problems) {
    if (!p.elementId || !registry.get(p.elementId)) continue;
    reasons.set(p.elementId, [...(reasons.get(p.elementId) ?? []), p.message]);
  }
  for (const [id, messages] of reasons) {
    const el = registry.get(id)!;
    canvas.addMarker(el, INVALID_MARKER);
    const html = document.createElement('div');
    html.className = 'designer-problem';
    html.setAttribute('data-testid', 'designer-problem');
    html.setAttribute('data-element-id', id);
    html.textContent = messages.map(configGapShort).join('；');
    overlays.add(el, INVALID_MARKER, { position: { top: -6, left: 0 }, html });
  }
  const first = [...reasons.keys()][0];
  if (first) markInvalid(modeler, first);
  return [...reasons.keys()];
}

/**
 * One problem as a line: `审批 (Activity_1): 不支持 …` with the element's name, `Activity_1: …`
 * without one, the bare message for a problem of the whole model (no element id).
 */
export function problemLine(p: Pick<MarkedProblem, 'elementId' | 'elementName' | 'message'>): string {
  if (!p.elementId) return p.message;
  // A "what to fill in" message (shared/bpmn/config-messages.ts) names the element itself.
  if (isConfigGapMessage(p.message)) return problemText(p.message);
  return `${p.elementName ? `${p.elementName} (${p.elementId})` : p.elementId}: ${p.message}`;
}

/** A problem's text for the designer: a "what to fill in" message without the engine's `部署失败: ` prefix. */
export function problemText(message: string): string {
  return isConfigGapMessage(message) ? message.replace(/^部署失败: /, '') : message;
}

/** The message listing the problems, e.g. `模型校验未通过: 审批 (Activity_1): 不支持 …；…`. */
export function problemsText(problems: readonly MarkedProblem[]): string {
  return `模型校验未通过: ${problems.map(problemLine).join('；')}`;
}
