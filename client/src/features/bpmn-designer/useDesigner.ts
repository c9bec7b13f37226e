/**
 * The designer's modeler state (workflow spec §2 "Process model designer", §9 zoom 0.1 / min 0.2):
 * creates the Modeler in a container, tracks zoom and undo/redo availability, and offers the
 * toolbar's actions (import, fit, zoom, undo, redo, XML/SVG export).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { createDesignerModeler, errorText, type DesignerModeler } from './modeler/create-modeler';
import { importErrorText, stepZoom } from './modeler/designer-rules';

interface Box { x: number; y: number; width: number; height: number }
interface Viewbox extends Box { scale: number; inner: Box; outer: { width: number; height: number } }
interface Canvas {
  zoom(scale?: number | 'fit-viewport', center?: 'auto'): number;
  viewbox(): Viewbox;
  scroll(delta: { dx: number; dy: number }): void;
  getContainer(): HTMLElement;
}

/** Room kept free at the canvas's left for the palette: its right edge (one or two columns) + a gap. */
function paletteRoom(canvas: Canvas): number {
  const container = canvas.getContainer();
  const palette = container.querySelector('.djs-palette');
  const right = palette ? palette.getBoundingClientRect().right - container.getBoundingClientRect().left : 0;
  return right > 0 ? right + 12 : 76;
}

/**
 * 自适应: fits the diagram into the canvas right of the palette (zoomed out further when the whole
 * width would pass under it, never below the 0.2 minimum), then moves it right of the palette.
 */
function fitViewport(canvas: Canvas) {
  // A container without size (hidden, or squeezed to nothing) has no viewport to fit: bpmn-js
  // would compute a non-finite scale and fail in SVGMatrix.scale (issue 40 item 7).
  const { width, height } = canvas.getContainer().getBoundingClientRect();
  if (width < 1 || height < 1) return;
  const room = paletteRoom(canvas);
  canvas.zoom('fit-viewport', 'auto');
  let vb = canvas.viewbox();
  if (!Number.isFinite(vb.scale) || vb.scale <= 0) return;
  const avail = vb.outer.width - room - 16;
  if (avail > 0 && vb.inner.width * vb.scale > avail) {
    canvas.zoom(Math.max(0.2, avail / vb.inner.width), 'auto');
    vb = canvas.viewbox();
  }
  const left = (vb.inner.x - vb.x) * vb.scale;
  const right = left + vb.inner.width * vb.scale;
  const dx = Math.min(room - left, vb.outer.width - 16 - right);
  if (left < room && dx > 0) canvas.scroll({ dx, dy: 0 });
}
interface CommandStack { canUndo(): boolean; canRedo(): boolean; undo(): void; redo(): void }

/** What the toolbar and the page read from the designer. */
export interface DesignerState {
  modeler: DesignerModeler | null;
  zoom: number;
  canUndo: boolean;
  canRedo: boolean;
  /** Draws `xml`; resolves to an error text when bpmn-js cannot read it. */
  importXml(xml: string): Promise<string | null>;
  fit(): void;
  zoomBy(direction: 1 | -1): void;
  undo(): void;
  redo(): void;
  saveXml(): Promise<string>;
  saveSvg(): Promise<string>;
}

/** Creates the Modeler in `container` once and destroys it with the component. */
export function useDesigner(container: RefObject<HTMLDivElement | null>): DesignerState {
  const [modeler, setModeler] = useState<DesignerModeler | null>(null);
  const [zoom, setZoom] = useState(1);
  const [history, setHistory] = useState({ canUndo: false, canRedo: false });
  const ref = useRef<DesignerModeler | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const m = createDesignerModeler(container.current);
    const stack = () => m.get<CommandStack>('commandStack');
    const syncHistory = () => setHistory({ canUndo: stack().canUndo(), canRedo: stack().canRedo() });
    m.on('commandStack.changed', syncHistory);
    m.on('import.done', syncHistory);
    m.on('canvas.viewbox.changed', (e: { viewbox: { scale: number } }) => setZoom(e.viewbox.scale));
    ref.current = m;
    setModeler(m);
    return () => {
      ref.current = null;
      setModeler(null);
      m.destroy();
    };
  }, [container]);

  const canvas = () => ref.current?.get<Canvas>('canvas');

  const importXml = useCallback(async (xml: string) => {
    const m = ref.current;
    if (!m) return '设计器尚未就绪';
    try {
      await m.importXML(xml);
    } catch (e) {
      return importErrorText(errorText(e));
    }
    try {
      fitViewport(m.get<Canvas>('canvas'));
    } catch {
      // the diagram is drawn; only the fit failed (the user can press 自适应 once there is room)
    }
    return null;
  }, []);

  const fit = useCallback(() => {
    const c = canvas();
    if (c) fitViewport(c);
  }, []);

  const zoomBy = useCallback((direction: 1 | -1) => {
    const c = canvas();
    if (c) c.zoom(stepZoom(c.zoom(), direction), 'auto');
  }, []);

  const undo = useCallback(() => ref.current?.get<CommandStack>('commandStack').undo(), []);
  const redo = useCallback(() => ref.current?.get<CommandStack>('commandStack').redo(), []);

  const saveXml = useCallback(async () => {
    if (!ref.current) throw new Error('设计器尚未就绪');
    const { xml } = await ref.current.saveXML({ format: true });
    return xml ?? '';
  }, []);

  const saveSvg = useCallback(async () => {
    if (!ref.current) throw new Error('设计器尚未就绪');
    const { svg } = await ref.current.saveSVG();
    return svg;
  }, []);

  return { modeler, zoom, ...history, importXml, fit, zoomBy, undo, redo, saveXml, saveSvg };
}
