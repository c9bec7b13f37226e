import { describe, expect, it } from 'vitest';
import { templateByKey } from '../catalogue';
import { CHECK_MESSAGES, checkDesign } from './check';
import { designerReducer, initialState, type DesignerAction } from './reducer';
import { findItem } from './tree';

const t = (key: string) => templateByKey(key)!;
const build = (...actions: DesignerAction[]) => actions.reduce(designerReducer, initialState());

describe('checkDesign', () => {
  it('needs at least one component', () => {
    expect(checkDesign([])).toBe(CHECK_MESSAGES.empty);
  });

  it('passes a form made from the palette', () => {
    const s = build({ type: 'add', template: t('input') }, { type: 'add', template: t('row') }, { type: 'add', template: t('button') },
      { type: 'add', template: t('date'), containerId: 102 }, { type: 'add', template: t('table') }, { type: 'add', template: t('number'), containerId: 105 });
    expect(checkDesign(s.drawingList)).toBeNull();
  });

  it('names a missing label, a missing field name and a duplicate', () => {
    let s = build({ type: 'add', template: t('input') }, { type: 'add', template: t('row') }, { type: 'add', template: t('select'), containerId: 102 });
    const sel = findItem(s.drawingList, 103)!.item;
    const noLabel = designerReducer(s, { type: 'replace', item: { ...sel, __config__: { ...sel.__config__, label: ' ' } } });
    expect(checkDesign(noLabel.drawingList)).toBe(CHECK_MESSAGES.noLabel('字段“field103”'));
    const noModel = designerReducer(s, { type: 'replace', item: { ...sel, __vModel__: '' } });
    expect(checkDesign(noModel.drawingList)).toBe(CHECK_MESSAGES.noModel('下拉选择'));
    s = designerReducer(s, { type: 'replace', item: { ...sel, __vModel__: 'field101' } });
    expect(checkDesign(s.drawingList)).toBe('字段名“field101”重复，请修改');
  });

  it('needs columns in a detail table, unique among themselves', () => {
    let s = build({ type: 'add', template: t('input') }, { type: 'add', template: t('table') });
    expect(checkDesign(s.drawingList)).toBe(CHECK_MESSAGES.noColumns('明细表'));
    s = designerReducer(s, { type: 'add', template: t('input'), containerId: 102 });
    s = designerReducer(s, { type: 'add', template: t('number'), containerId: 102 });
    // A column may share a name with a top-level field (its value lives in the row objects).
    const col = findItem(s.drawingList, 103)!.item;
    s = designerReducer(s, { type: 'replace', item: { ...col, __vModel__: 'field101' } });
    expect(checkDesign(s.drawingList)).toBeNull();
    const col2 = findItem(s.drawingList, 104)!.item;
    s = designerReducer(s, { type: 'replace', item: { ...col2, __vModel__: 'field101' } });
    expect(checkDesign(s.drawingList)).toBe(CHECK_MESSAGES.duplicate('field101'));
  });
});
