import { describe, expect, it } from 'vitest';
import { JsonPage, PreSerialized } from './pre-serialized';

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
