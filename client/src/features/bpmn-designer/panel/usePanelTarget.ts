/**
 * The element the panel edits (workflow spec §2 "Process model designer": a right-hand panel
 * edits the selected node; nothing selected → the process). Follows the modeler's
 * `selection.changed`, `element.changed`, `import.done` and `shape.removed` events; `version`
 * changes whenever the edited element changes so the sections re-read it.
 */
import { useEffect, useMemo, useState } from 'react';
import type Modeler from 'bpmn-js/lib/Modeler';
import { modelerOps, type DiagramElement, type ModdleEl, type ModdleOps } from './ops';
import { panelKind, type PanelKind } from './kind';

export interface PanelTarget {
  element: DiagramElement;
  /** The business object edited: the process for the root / a participant, else the element's. */
  bo: ModdleEl;
  kind: PanelKind;
  ops: ModdleOps;
  /** `bpmn:Definitions` (signals live there). */
  definitions: ModdleEl | undefined;
  version: number;
  /** Whether another diagram element already uses `id`. */
  idTaken(id: string): boolean;
}

interface ElementLike extends DiagramElement { labelTarget?: ElementLike }

/** The modeler's current panel target, or null before a diagram is imported. */
export function usePanelTarget(modeler: Modeler | null): PanelTarget | null {
  const [element, setElement] = useState<ElementLike | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!modeler) return;
    const canvas = modeler.get('canvas') as { getRootElement(): ElementLike };
    const root = () => {
      try {
        return canvas.getRootElement();
      } catch {
        return null;
      }
    };
    let current: ElementLike | null = null;
    const select = (el: ElementLike | null) => {
      const target = el?.labelTarget ?? el;
      current = target ?? root();
      setElement(current);
      setVersion((v) => v + 1);
    };
    const eventBus = modeler.get('eventBus') as { on(e: string, fn: (ev: never) => void): void; off(e: string, fn: (ev: never) => void): void };
    const onSelection = (e: { newSelection: ElementLike[] }) => select(e.newSelection.length === 1 ? e.newSelection[0] : null);
    const onChanged = (e: { element: ElementLike }) => {
      if (!current || e.element === current || e.element.id === current.id || e.element.type === 'bpmn:Process') setVersion((v) => v + 1);
    };
    const onImport = () => select(null);
    const onRemoved = (e: { element: ElementLike }) => {
      if (current && e.element.id === current.id) select(null);
    };
    eventBus.on('selection.changed', onSelection);
    eventBus.on('element.changed', onChanged);
    eventBus.on('import.done', onImport);
    eventBus.on('shape.removed', onRemoved);
    eventBus.on('connection.removed', onRemoved);
    select(null);
    return () => {
      eventBus.off('selection.changed', onSelection);
      eventBus.off('element.changed', onChanged);
      eventBus.off('import.done', onImport);
      eventBus.off('shape.removed', onRemoved);
      eventBus.off('connection.removed', onRemoved);
    };
  }, [modeler]);

  return useMemo(() => {
    if (!modeler || !element?.businessObject) return null;
    const raw = element.businessObject;
    const participant = raw.$type === 'bpmn:Collaboration' ? ((raw.get('participants') as ModdleEl[] | undefined) ?? [])[0] : raw;
    const bo = participant?.$type === 'bpmn:Participant' ? ((participant.get('processRef') as ModdleEl | undefined) ?? raw) : raw;
    let definitions: ModdleEl | undefined = bo;
    while (definitions && definitions.$type !== 'bpmn:Definitions') definitions = definitions.$parent;
    const ops = modelerOps(modeler.get('modeling'), modeler.get('moddle'), element);
    const registry = modeler.get('elementRegistry') as { get(id: string): unknown };
    const idTaken = (id: string) => !!registry.get(id) || ((definitions?.get('rootElements') as ModdleEl[] | undefined) ?? []).some((r) => r.id === id);
    return { element, bo, kind: panelKind(bo.$type), ops, definitions, version, idTaken };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modeler, element, version]);
}
