/**
 * Pure drag-and-drop rules of the designer canvas (spec §2 "Form designer": drag from the palette,
 * reorder, into and out of row containers, into a detail table as a column): the ids and data the
 * draggables / droppables carry, the innermost-droppable collision rule, and where a drop lands.
 */
import type { CollisionDetection, DroppableContainer } from '@dnd-kit/core';
import type { FormField } from '../../../components/form-render';
import { canDrop, childrenOf, findItem, type ContainerId } from '../state/tree';

/** What is being dragged: a palette template or a canvas component. */
export type DragData = { kind: 'palette'; template: FormField } | { kind: 'item'; formId: number };

/** What a droppable is: a component's box (`slot`) or a container's inner area (`zone`). */
export type DropData =
  | {
    kind: 'slot';
    formId: number;
    parentId: ContainerId;
    index: number;
    /** Columns of a detail table sit side by side: before/after is left/right. */
    horizontal: boolean;
    /** formIds of the component and every container around it. */
    path: number[];
  }
  | { kind: 'zone'; containerId: ContainerId; path: number[] };

/** Where a drop goes: container and index in the list as it will be. */
export interface DropTarget {
  containerId: ContainerId;
  index: number;
}

/** A point in viewport pixels. */
export interface Point {
  x: number;
  y: number;
}

/** A rectangle in viewport pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Draggable id of a palette entry. */
export const paletteDragId = (key: string) => `palette:${key}`;
/** Draggable id of a canvas component. */
export const itemDragId = (formId: number) => `item:${formId}`;
/** Droppable id of a component's box. */
export const slotDropId = (formId: number) => `slot:${formId}`;
/** Droppable id of a container's inner area (`zone:root` for the canvas). */
export const zoneDropId = (containerId: ContainerId) => `zone:${containerId ?? 'root'}`;

const contains = (r: Box, p: Point) => p.x >= r.left && p.x <= r.left + r.width && p.y >= r.top && p.y <= r.top + r.height;

/**
 * Collision rule: among the droppables under the pointer (or under the centre of the dragged
 * overlay for keyboard drags), the innermost (smallest area) wins; droppables inside the dragged
 * component itself are skipped.
 */
export const innermostCollision: CollisionDetection = ({ active, collisionRect, droppableContainers, droppableRects, pointerCoordinates }) => {
  const point = pointerCoordinates ?? { x: collisionRect.left + collisionRect.width / 2, y: collisionRect.top + collisionRect.height / 2 };
  const drag = active.data.current as DragData | undefined;
  const activeId = drag?.kind === 'item' ? drag.formId : null;
  const hits: { container: DroppableContainer; area: number }[] = [];
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect || container.disabled) continue;
    const data = container.data.current as DropData | undefined;
    if (activeId !== null && data?.path.includes(activeId)) continue;
    if (contains(rect, point)) hits.push({ container, area: rect.width * rect.height });
  }
  hits.sort((a, b) => a.area - b.area);
  return hits.map(({ container, area }) => ({ id: container.id, data: { droppableContainer: container, value: area } }));
};

/**
 * Where dropping `drag` over `over` (with the pointer at `point`, the droppable's box `rect`)
 * lands in `list`, or null when it is refused (canDrop) or changes nothing. Over a component's
 * box: before it when the point is in its upper (left, for columns) half, else after it. Over a
 * container's inner area: at its end. A moved component's index is counted without it.
 */
export function resolveDrop(list: FormField[], drag: DragData, over: DropData, point: Point, rect: Box): DropTarget | null {
  let containerId: ContainerId;
  let index: number;
  if (over.kind === 'slot') {
    containerId = over.parentId;
    const after = over.horizontal ? point.x > rect.left + rect.width / 2 : point.y > rect.top + rect.height / 2;
    index = over.index + (after ? 1 : 0);
  } else {
    containerId = over.containerId;
    index = childrenOf(list, containerId).length;
  }
  if (drag.kind === 'palette') return canDrop(list, drag.template, containerId) ? { containerId, index } : null;
  const hit = findItem(list, drag.formId);
  if (!hit || !canDrop(list, hit.item, containerId)) return null;
  if (hit.parentId === containerId) {
    if (hit.index < index) index -= 1;
    if (hit.index === index) return null;
  }
  return { containerId, index };
}
