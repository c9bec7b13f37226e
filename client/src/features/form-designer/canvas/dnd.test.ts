import { describe, expect, it } from 'vitest';
import type { CollisionDescriptor } from '@dnd-kit/core';
import { templateByKey } from '../catalogue';
import { designerReducer, initialState, type DesignerAction } from '../state/reducer';
import { innermostCollision, resolveDrop, type DropData } from './dnd';

const t = (key: string) => templateByKey(key)!;
const build = (...actions: DesignerAction[]) => actions.reduce(designerReducer, initialState()).drawingList;
// 101 input, 102 row { 104 date }, 103 table
const list = build({ type: 'add', template: t('input') }, { type: 'add', template: t('row') }, { type: 'add', template: t('table') },
  { type: 'add', template: t('date'), containerId: 102 });
const box = { left: 0, top: 100, width: 400, height: 60 };
const upper = { x: 10, y: 110 };
const lower = { x: 10, y: 150 };
const slot = (formId: number, parentId: number | null, index: number, horizontal = false): DropData =>
  ({ kind: 'slot', formId, parentId, index, horizontal, path: [formId] });

describe('resolveDrop', () => {
  it('puts a palette item before or after the component under the pointer', () => {
    expect(resolveDrop(list, { kind: 'palette', template: t('rate') }, slot(102, null, 1), upper, box)).toEqual({ containerId: null, index: 1 });
    expect(resolveDrop(list, { kind: 'palette', template: t('rate') }, slot(102, null, 1), lower, box)).toEqual({ containerId: null, index: 2 });
  });

  it('drops at the end of a container area', () => {
    expect(resolveDrop(list, { kind: 'palette', template: t('rate') }, { kind: 'zone', containerId: 102, path: [102] }, upper, box)).toEqual({ containerId: 102, index: 1 });
    expect(resolveDrop(list, { kind: 'palette', template: t('rate') }, { kind: 'zone', containerId: null, path: [] }, upper, box)).toEqual({ containerId: null, index: 3 });
  });

  it('uses left/right halves for detail-table columns and refuses non-column tags', () => {
    const cols = build({ type: 'add', template: t('table') }, { type: 'add', template: t('input'), containerId: 101 });
    expect(resolveDrop(cols, { kind: 'palette', template: t('number') }, slot(102, 101, 0, true), { x: 300, y: 110 }, box)).toEqual({ containerId: 101, index: 1 });
    expect(resolveDrop(cols, { kind: 'palette', template: t('upload') }, slot(102, 101, 0, true), { x: 300, y: 110 }, box)).toBeNull();
    expect(resolveDrop(cols, { kind: 'palette', template: t('upload') }, { kind: 'zone', containerId: 101, path: [101] }, upper, box)).toBeNull();
  });

  it('counts a moved component\'s index without it and ignores no-op moves', () => {
    expect(resolveDrop(list, { kind: 'item', formId: 101 }, slot(103, null, 2), lower, box)).toEqual({ containerId: null, index: 2 });
    expect(resolveDrop(list, { kind: 'item', formId: 101 }, slot(102, null, 1), upper, box)).toBeNull();
    expect(resolveDrop(list, { kind: 'item', formId: 103 }, slot(101, null, 0), upper, box)).toEqual({ containerId: null, index: 0 });
    expect(resolveDrop(list, { kind: 'item', formId: 104 }, slot(101, null, 0), lower, box)).toEqual({ containerId: null, index: 1 });
    expect(resolveDrop(list, { kind: 'item', formId: 102 }, { kind: 'zone', containerId: 102, path: [102] }, upper, box)).toBeNull();
  });
});

describe('innermostCollision', () => {
  const container = (id: string, data: DropData) => ({ id, data: { current: data }, disabled: false, key: id, node: { current: null }, rect: { current: null } });
  const rects = new Map([
    ['zone:root', { left: 0, top: 0, width: 1000, height: 1000, right: 1000, bottom: 1000 }],
    ['slot:102', { left: 0, top: 100, width: 800, height: 300, right: 800, bottom: 400 }],
    ['zone:102', { left: 10, top: 130, width: 780, height: 260, right: 790, bottom: 390 }],
  ]);
  const containers = [
    container('zone:root', { kind: 'zone', containerId: null, path: [] }),
    container('slot:102', slot(102, null, 1)),
    container('zone:102', { kind: 'zone', containerId: 102, path: [102] }),
  ];
  const args = (active: unknown, point: { x: number; y: number } | null) => ({
    active: { id: 'a', data: { current: active }, rect: { current: { initial: null, translated: null } } },
    collisionRect: { left: 500, top: 500, width: 10, height: 10, right: 510, bottom: 510 },
    droppableContainers: containers,
    droppableRects: rects,
    pointerCoordinates: point,
  }) as unknown as Parameters<typeof innermostCollision>[0];
  const ids = (c: CollisionDescriptor[]) => c.map((x) => x.id);

  it('prefers the innermost droppable under the pointer', () => {
    expect(ids(innermostCollision(args({ kind: 'palette', template: t('input') }, { x: 50, y: 200 })) as CollisionDescriptor[])).toEqual(['zone:102', 'slot:102', 'zone:root']);
    expect(ids(innermostCollision(args({ kind: 'palette', template: t('input') }, { x: 50, y: 110 })) as CollisionDescriptor[])).toEqual(['slot:102', 'zone:root']);
  });

  it('skips droppables inside the dragged component and uses the overlay centre without a pointer', () => {
    expect(ids(innermostCollision(args({ kind: 'item', formId: 102 }, { x: 50, y: 200 })) as CollisionDescriptor[])).toEqual(['zone:root']);
    expect(ids(innermostCollision(args({ kind: 'palette', template: t('input') }, null)) as CollisionDescriptor[])).toEqual(['zone:root']);
  });
});
