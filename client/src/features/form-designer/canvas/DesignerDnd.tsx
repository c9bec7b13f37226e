/**
 * The drag-and-drop frame around the palette and the canvas (dnd-kit core): pointer sensor (5 px
 * before a drag starts, so clicks still select / add) and keyboard sensor (Space/Enter to lift and
 * drop, arrows to move, Esc to cancel); the innermost-droppable collision rule; the drop indicator;
 * an overlay chip naming what is dragged. A drop becomes an `add` (palette) or `move` (component)
 * action as `resolveDrop` says. Props: `list` (the drawing list), `dispatch`, children.
 */
import { Box } from '@chakra-ui/react';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors,
  type Active, type DragEndEvent, type DragMoveEvent, type DragStartEvent, type Over,
} from '@dnd-kit/core';
import { useRef, useState, type ReactNode } from 'react';
import type { FormField } from '../../../components/form-render';
import type { DesignerAction } from '../state/reducer';
import { findItem } from '../state/tree';
import { Icon } from '../../../components/Icon';
import { IndicatorContext, type Indicator } from './canvas-context';
import { innermostCollision, resolveDrop, type DragData, type DropData, type DropTarget, type Point } from './dnd';

function pointOf(active: Active, activator: Event | null, delta: { x: number; y: number }): Point | null {
  const e = activator as (Event & { clientX?: number; clientY?: number; touches?: TouchList }) | null;
  if (e && typeof e.clientX === 'number' && typeof e.clientY === 'number') return { x: e.clientX + delta.x, y: e.clientY + delta.y };
  const touch = e?.touches?.[0];
  if (touch) return { x: touch.clientX + delta.x, y: touch.clientY + delta.y };
  const r = active.rect.current.translated;
  return r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
}

interface Resolved {
  target: DropTarget;
  indicator: Indicator;
}

function resolve(list: FormField[], active: Active, over: Over | null, point: Point | null): Resolved | null {
  const drag = active.data.current as DragData | undefined;
  const data = over?.data.current as DropData | undefined;
  if (!drag || !data || !over || !point) return null;
  const target = resolveDrop(list, drag, data, point, over.rect);
  if (!target) return null;
  const after = data.kind === 'slot' && (data.horizontal ? point.x > over.rect.left + over.rect.width / 2 : point.y > over.rect.top + over.rect.height / 2);
  const indicator: Indicator = data.kind === 'slot' ? { kind: 'slot', formId: data.formId, after } : { kind: 'zone', containerId: data.containerId };
  return { target, indicator };
}

/** DndContext of the designer (see the file comment); children are the palette and the canvas. */
export function DesignerDnd({ list, dispatch, children }: { list: FormField[]; dispatch: (a: DesignerAction) => void; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  const [indicator, setIndicator] = useState<Indicator>(null);
  const [dragging, setDragging] = useState<{ label: string; icon: string } | null>(null);
  const last = useRef<Resolved | null>(null);

  const track = (e: DragMoveEvent) => {
    const r = resolve(list, e.active, e.over, pointOf(e.active, e.activatorEvent, e.delta));
    last.current = r;
    const next = r?.indicator ?? null;
    setIndicator((cur) => (JSON.stringify(cur) === JSON.stringify(next) ? cur : next));
  };
  const finish = () => {
    last.current = null;
    setIndicator(null);
    setDragging(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={innermostCollision}
      // Scroll the canvas only when the pointer is close to its top or bottom edge.
      autoScroll={{ threshold: { x: 0, y: 0.08 } }}
      onDragStart={(e: DragStartEvent) => {
        const drag = e.active.data.current as DragData | undefined;
        const field = drag?.kind === 'palette' ? drag.template : drag ? findItem(list, drag.formId)?.item : undefined;
        const config = field?.__config__;
        setDragging({ label: String(config?.label ?? config?.componentName ?? '行容器'), icon: String(config?.tagIcon ?? '') });
      }}
      onDragMove={track}
      onDragOver={track}
      onDragEnd={(e: DragEndEvent) => {
        const r = resolve(list, e.active, e.over, pointOf(e.active, e.activatorEvent, e.delta)) ?? last.current;
        const drag = e.active.data.current as DragData | undefined;
        finish();
        if (!r || !drag || !e.over) return;
        if (drag.kind === 'palette') dispatch({ type: 'add', template: drag.template, containerId: r.target.containerId, index: r.target.index });
        else dispatch({ type: 'move', formId: drag.formId, containerId: r.target.containerId, index: r.target.index });
      }}
      onDragCancel={finish}
      accessibility={{
        screenReaderInstructions: { draggable: '按空格键拿起组件，方向键移动，再按空格键放下，Esc 取消。' },
      }}
    >
      <IndicatorContext.Provider value={indicator}>{children}</IndicatorContext.Provider>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <Box
            display="inline-flex"
            alignItems="center"
            gap="1.5"
            px="3"
            py="1.5"
            fontSize="xs"
            bg="bg"
            color="brand.700"
            border="1px solid"
            borderColor="brand.400"
            borderRadius="sm"
            boxShadow="md"
            data-testid="designer-drag-overlay"
          >
            <Icon component={dragging.icon} />
            {dragging.label}
          </Box>
        )}
      </DragOverlay>
    </DndContext>
  );
}
