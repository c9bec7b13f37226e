import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../components/form-render';
import { templateByKey } from '../catalogue';
import type { DesignerState } from '../types';
import { designerReducer, fromFormConf, initialState, toFormConf, type DesignerAction } from './reducer';
import { childrenOf, findItem, sanitize } from './tree';

const t = (key: string) => templateByKey(key)!;
const run = (s: DesignerState, ...actions: DesignerAction[]) => actions.reduce(designerReducer, s);
const ids = (list: FormField[]) => list.map((f) => f.__config__.formId);

describe('designerReducer', () => {
  it('adds at the end with ids from 101 and selects the new component', () => {
    const s = run(initialState(), { type: 'add', template: t('input') }, { type: 'add', template: t('select') });
    expect(s.drawingList.map((f) => f.__vModel__)).toEqual(['field101', 'field102']);
    expect(s.idGlobal).toBe(102);
    expect(s.activeId).toBe(102);
  });

  it('inserts at an index and into a row container', () => {
    let s = run(initialState(), { type: 'add', template: t('input') }, { type: 'add', template: t('row') });
    s = run(s, { type: 'add', template: t('number'), index: 0 });
    expect(ids(s.drawingList)).toEqual([103, 101, 102]);
    s = run(s, { type: 'add', template: t('date'), containerId: 102 });
    expect(ids(childrenOf(s.drawingList, 102))).toEqual([104]);
    expect(findItem(s.drawingList, 104)!.parentId).toBe(102);
  });

  it('accepts only column tags in a detail table', () => {
    let s = run(initialState(), { type: 'add', template: t('table') });
    s = run(s, { type: 'add', template: t('input'), containerId: 101 }, { type: 'add', template: t('number'), containerId: 101 });
    const refused = run(s, { type: 'add', template: t('upload'), containerId: 101 });
    expect(refused).toBe(s);
    expect(childrenOf(s.drawingList, 101).map((c) => c.__vModel__)).toEqual(['field102', 'field103']);
    s = run(s, { type: 'add', template: t('button') });
    expect(run(s, { type: 'move', formId: 104, containerId: 101, index: 0 })).toBe(s);
  });

  it('moves within the canvas, into and out of containers, never into itself', () => {
    let s = run(initialState(), { type: 'add', template: t('input') }, { type: 'add', template: t('row') }, { type: 'add', template: t('select') });
    s = run(s, { type: 'move', formId: 103, containerId: null, index: 0 });
    expect(ids(s.drawingList)).toEqual([103, 101, 102]);
    s = run(s, { type: 'move', formId: 101, containerId: 102, index: 0 });
    expect(ids(s.drawingList)).toEqual([103, 102]);
    expect(ids(childrenOf(s.drawingList, 102))).toEqual([101]);
    expect(s.activeId).toBe(101);
    expect(run(s, { type: 'move', formId: 102, containerId: 102, index: 0 })).toBe(s);
    s = run(s, { type: 'add', template: t('row'), containerId: 102 });
    expect(run(s, { type: 'move', formId: 102, containerId: 104, index: 0 })).toBe(s);
    s = run(s, { type: 'move', formId: 101, containerId: null, index: 5 });
    expect(ids(s.drawingList)).toEqual([103, 102, 101]);
    s = run(s, { type: 'add', template: t('table') }, { type: 'move', formId: 103, containerId: 105, index: 0 });
    expect(ids(childrenOf(s.drawingList, 105))).toEqual([103]);
  });

  it('copies deeply with new ids right after the original', () => {
    let s = run(initialState(), { type: 'add', template: t('row') }, { type: 'add', template: t('input'), containerId: 101 }, { type: 'add', template: t('rate') });
    s = run(s, { type: 'copy', formId: 101 });
    expect(ids(s.drawingList)).toEqual([101, 104, 103]);
    const copy = findItem(s.drawingList, 104)!.item;
    expect(copy.__config__.componentName).toBe('row104');
    expect(copy.__config__.children!.map((c) => c.__vModel__)).toEqual(['field105']);
    expect(s.idGlobal).toBe(105);
    expect(s.activeId).toBe(104);
    expect(findItem(s.drawingList, 102)!.item.__vModel__).toBe('field102');
  });

  it('deletes, selects the last component, and resets the counter when the canvas is empty', () => {
    let s = run(initialState(), { type: 'add', template: t('input') }, { type: 'add', template: t('select') }, { type: 'add', template: t('rate') });
    s = run(s, { type: 'delete', formId: 103 });
    expect(ids(s.drawingList)).toEqual([101, 102]);
    expect(s.activeId).toBe(102);
    s = run(s, { type: 'select', formId: 101 }, { type: 'delete', formId: 102 });
    expect(s.activeId).toBe(101);
    s = run(s, { type: 'delete', formId: 101 });
    expect(s).toMatchObject({ drawingList: [], activeId: null, idGlobal: 100 });
  });

  it('selects only existing components', () => {
    const s = run(initialState(), { type: 'add', template: t('input') }, { type: 'select', formId: null });
    expect(s.activeId).toBeNull();
    expect(run(s, { type: 'select', formId: 999 })).toBe(s);
    expect(run(s, { type: 'select', formId: 101 }).activeId).toBe(101);
  });

  it('replaces a component by formId, inside containers too', () => {
    let s = run(initialState(), { type: 'add', template: t('row') }, { type: 'add', template: t('input'), containerId: 101 });
    const item = findItem(s.drawingList, 102)!.item;
    s = run(s, { type: 'replace', item: { ...item, __config__: { ...item.__config__, label: '姓名' } } });
    expect(findItem(s.drawingList, 102)!.item.__config__.label).toBe('姓名');
    expect(run(s, { type: 'replace', item: { __config__: { formId: 999 } } })).toBe(s);
  });

  it('sets the form configuration, clears, and loads a stored form', () => {
    let s = run(initialState(), { type: 'add', template: t('input') }, { type: 'setFormConf', formConf: { ...initialState().formConf, labelWidth: 120 } });
    expect(s.formConf.labelWidth).toBe(120);
    expect(toFormConf(s)).toMatchObject({ labelWidth: 120, fields: [{ __vModel__: 'field101' }] });
    s = run(s, { type: 'clear' });
    expect(s).toMatchObject({ drawingList: [], activeId: null, idGlobal: 100 });
    s = run(s, { type: 'load', conf: { gutter: 20, fields: [{ __config__: { formId: 130, layout: 'rowFormItem', children: [{ __config__: { formId: 140, layout: 'colFormItem', tag: 'el-input' }, __vModel__: 'a' }] } }] } });
    expect(s.formConf).toMatchObject({ gutter: 20, labelWidth: 100 });
    expect(s.idGlobal).toBe(140);
    expect(s.activeId).toBe(130);
    expect(run(s, { type: 'add', template: t('input') }).drawingList[1].__vModel__).toBe('field141');
    expect(fromFormConf({ fields: [{ __config__: { formId: 7 } }] }).idGlobal).toBe(100);
  });

  it('never lets stored JSON reach a prototype', () => {
    const evil = JSON.parse('{"fields":[],"__proto__":{"polluted":true},"constructor":{"x":1}}');
    const s = run(initialState(), { type: 'load', conf: evil });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(s.formConf)).not.toContain('__proto__');
    expect(Object.prototype.hasOwnProperty.call(s.formConf, 'constructor')).toBe(false);
    expect(sanitize(JSON.parse('[{"a":{"__proto__":{"b":1},"c":2}}]'))).toEqual([{ a: { c: 2 } }]);
  });
});
