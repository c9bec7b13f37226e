/**
 * The slices of bpmn-js services the canvas marks use (mark-invalid.ts, simulate-marks.ts):
 * `modeler.get<ElementRegistry>('elementRegistry')`, `'canvas'`, `'selection'`, `'overlays'`.
 */
export interface Shape { id: string }
export interface ElementRegistry { get(id: string): Shape | undefined; getAll(): Shape[] }
export interface MarkerCanvas {
  addMarker(el: Shape, marker: string): void;
  removeMarker(el: Shape, marker: string): void;
  hasMarker(el: Shape, marker: string): boolean;
  scrollToElement(el: Shape, padding?: number): void;
}
export interface Selection { select(el: Shape | null): void }
export interface Overlays {
  add(el: Shape, type: string, overlay: { position: { bottom?: number; left?: number; top?: number }; html: HTMLElement }): string;
  remove(filter: { type: string }): void;
}
