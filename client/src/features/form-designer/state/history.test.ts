import { describe, expect, it } from 'vitest';
import { templateByKey } from '../catalogue';
import { canRedo, canUndo, createHistory, historyReducer, MAX_STEPS, type History, type HistoryAction } from './history';
import { initialState } from './reducer';
import { findItem } from './tree';

const t = (key: string) => templateByKey(key)!;
const step = (h: History, action: HistoryAction, now = 0) => historyReducer(h, action, now);

describe('historyReducer', () => {
  it('undoes and redoes canvas changes; selection is no step', () => {
    let h = createHistory(initialState());
    expect(canUndo(h)).toBe(false);
    h = step(h, { type: 'add', template: t('input') }, 0);
    h = step(h, { type: 'add', template: t('select') }, 1000);
    h = step(h, { type: 'select', formId: 101 }, 2000);
    expect(h.past).toHaveLength(2);
    h = step(h, { type: 'undo' });
    expect(h.present.drawingList.map((f) => f.__vModel__)).toEqual(['field101']);
    expect(h.present.activeId).toBe(101);
    expect(h.present.idGlobal).toBe(102);
    expect(canRedo(h)).toBe(true);
    h = step(h, { type: 'redo' });
    expect(h.present.drawingList).toHaveLength(2);
    h = step(h, { type: 'undo' });
    h = step(h, { type: 'add', template: t('rate') }, 3000);
    expect(canRedo(h)).toBe(false);
    expect(h.present.drawingList.map((f) => f.__vModel__)).toEqual(['field101', 'field103']);
    expect(step(h, { type: 'redo' })).toBe(h);
  });

  it('coalesces typing into one component within 600 ms', () => {
    let h = step(createHistory(initialState()), { type: 'add', template: t('input') }, 0);
    const item = h.present.drawingList[0];
    const label = (text: string) => ({ type: 'replace', item: { ...item, __config__: { ...item.__config__, label: text } } }) as HistoryAction;
    h = step(h, label('a'), 5000);
    h = step(h, label('ab'), 5300);
    h = step(h, label('abc'), 5800);
    expect(h.past).toHaveLength(2);
    h = step(h, label('abcd'), 7000);
    expect(h.past).toHaveLength(3);
    h = step(h, { type: 'undo' });
    expect(findItem(h.present.drawingList, 101)!.item.__config__.label).toBe('abc');
    h = step(h, { type: 'undo' });
    expect(findItem(h.present.drawingList, 101)!.item.__config__.label).toBe('单行文本');
  });

  it('coalesces form configuration edits and undoes them', () => {
    let h = createHistory(initialState());
    h = step(h, { type: 'setFormConf', formConf: { ...h.present.formConf, labelWidth: 1 } }, 0);
    h = step(h, { type: 'setFormConf', formConf: { ...h.present.formConf, labelWidth: 12 } }, 200);
    expect(h.past).toHaveLength(1);
    h = step(h, { type: 'undo' });
    expect(h.present.formConf.labelWidth).toBe(100);
  });

  it('keeps at most 100 steps and resets', () => {
    let h = createHistory(initialState());
    for (let i = 0; i < MAX_STEPS + 20; i++) h = step(h, { type: 'add', template: t('input') }, i * 1000);
    expect(h.past).toHaveLength(MAX_STEPS);
    h = step(h, { type: 'reset', state: initialState() });
    expect(h.past).toHaveLength(0);
    expect(h.present.drawingList).toHaveLength(0);
  });
});
