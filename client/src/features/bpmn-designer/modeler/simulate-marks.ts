/**
 * 流程模拟 on the canvas (issue 16 "the canvas shows the path taken, the tasks created and who would
 * receive them, and any expression or assignment that fails"): bpmn-js markers `sim-path` on every
 * node and sequence flow the run entered, `sim-waiting` where it stopped, `sim-failed` on the
 * element an error came from (designer.css), and an overlay under each user task with who received
 * and who handled it. `clearSimulationMarks` removes all of them (清除模拟, a new run, a model change).
 */
import type { DesignerModeler } from './create-modeler';
import type { ElementRegistry as Registry, MarkerCanvas, Overlays } from './canvas-services';
import type { SimMarks } from '../simulate-view';

export const SIM_PATH = 'sim-path';
export const SIM_WAITING = 'sim-waiting';
export const SIM_FAILED = 'sim-failed';
/** Overlay type of the receiver labels. */
export const SIM_OVERLAY = 'sim-receiver';
const MARKERS = [SIM_PATH, SIM_WAITING, SIM_FAILED];

/** Removes every simulation marker and overlay. */
export function clearSimulationMarks(modeler: DesignerModeler): void {
  modeler.get<Overlays>('overlays').remove({ type: SIM_OVERLAY });
  const canvas = modeler.get<MarkerCanvas>('canvas');
  for (const el of modeler.get<Registry>('elementRegistry').getAll()) {
    for (const m of MARKERS) if (canvas.hasMarker(el, m)) canvas.removeMarker(el, m);
  }
}

/**
 * Replaces the simulation marks with `marks` (ids not on the canvas are skipped) and scrolls the
 * failed element into view. Returns the ids marked as path.
 */
export function applySimulationMarks(modeler: DesignerModeler, marks: SimMarks): string[] {
  clearSimulationMarks(modeler);
  const registry = modeler.get<Registry>('elementRegistry');
  const canvas = modeler.get<MarkerCanvas>('canvas');
  const overlays = modeler.get<Overlays>('overlays');
  const marked: string[] = [];
  for (const id of marks.path) {
    const el = registry.get(id);
    if (el) { canvas.addMarker(el, SIM_PATH); marked.push(id); }
  }
  for (const id of marks.waiting) {
    const el = registry.get(id);
    if (el) canvas.addMarker(el, SIM_WAITING);
  }
  for (const o of marks.overlays) {
    const el = registry.get(o.elementId);
    if (!el) continue;
    const html = document.createElement('div');
    html.className = 'sim-receiver';
    html.setAttribute('data-testid', 'sim-receiver');
    html.setAttribute('data-element-id', o.elementId);
    html.textContent = o.text;
    overlays.add(el, SIM_OVERLAY, { position: { bottom: -6, left: 0 }, html });
  }
  const failed = marks.failed ? registry.get(marks.failed) : undefined;
  if (failed) {
    canvas.addMarker(failed, SIM_FAILED);
    try {
      canvas.scrollToElement(failed, 80);
    } catch {
      // an element without bounds cannot be scrolled to; the mark stays
    }
  }
  return marked;
}
