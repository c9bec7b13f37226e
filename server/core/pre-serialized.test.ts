import { describe, expect, it } from 'vitest';
import { JsonPage, PreSerialized, SerializedPage } from './pre-serialized';

describe('PreSerialized', () => {
  it('keeps the JSON of its value and serialises as the value', () => {
    const p = new PreSerialized([{ label: '男', value: '0' }]);
    expect(p.json).toBe('[{"label":"男","value":"0"}]');
    expect(JSON.stringify({ data: p })).toBe('{"data":[{"label":"男","value":"0"}]}');
  });
});

describe('JsonPage', () => {
  it('serialises as the {total, rows} its bytes stand for', () => {
    const rows = [{ taskId: 't1', taskName: '填写申请', owner: null }];
    const page = new JsonPage(7, Buffer.from(JSON.stringify(rows)));
    expect(page.toJSON()).toEqual({ total: 7, rows });
    expect(JSON.parse(JSON.stringify(page))).toEqual({ total: 7, rows });
  });
});

describe('SerializedPage', () => {
  it('is a JsonPage of its rows whose JSON gives the kept row objects back, unparsed', () => {
    const rows = [{ userId: 1, nickName: '若依', dept: { deptName: '研发部门' } }, { userId: 2, nickName: '测试', dept: null }];
    const page = new SerializedPage(rows, 12);
    expect(page).toBeInstanceOf(JsonPage);
    expect(page.rowsJson.toString('utf8')).toBe(JSON.stringify(rows));
    expect(page.toJSON().rows).toBe(rows);
    expect(JSON.stringify(page)).toBe(JSON.stringify({ total: 12, rows }));
    expect([page.total, page.rows]).toEqual([12, rows]);
  });
});
