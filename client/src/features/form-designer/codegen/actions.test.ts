import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageToaster } from '../../../lib/modal/toaster';
import { CODE_MESSAGES, copyCode, parseJsonConf, timestampName, withExtension } from './actions';

describe('code action helpers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names files', () => {
    expect(timestampName('tsx', 1718000000000)).toBe('1718000000000.tsx');
    expect(withExtension('请假表单', 'tsx')).toBe('请假表单.tsx');
    expect(withExtension(' a.TSX ', 'tsx')).toBe('a.TSX');
    expect(withExtension('  ', 'json')).toMatch(/^\d+\.json$/);
  });

  it('reads the JSON drawer text (spec §5: JSON格式错误，请检查 otherwise)', () => {
    expect(parseJsonConf('{"labelWidth": 80, "fields": [{"__config__": {"label": "x"}}]}')).toEqual({ labelWidth: 80, fields: [{ __config__: { label: 'x' } }] });
    expect(parseJsonConf('{"fields": [}')).toBeNull();
    expect(parseJsonConf('[]')).toBeNull();
    expect(parseJsonConf('null')).toBeNull();
    expect(parseJsonConf('{"fields": {}}')).toBeNull();
    expect(parseJsonConf('{"fields": [], "a": {"__proto__": {"x": 1}}}')).toBeNull();
    expect(parseJsonConf('{"fields": [{"constructor": 1}]}')).toBeNull();
    expect(CODE_MESSAGES.badJson).toBe('JSON格式错误，请检查');
  });

  it('copies with the spec messages', async () => {
    const titles = () => messageToaster.getVisibleToasts().map((t) => t.title);
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyCode('code')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('code');
    expect(titles()).toContain('代码已复制到剪切板，可粘贴。');
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    expect(await copyCode('code')).toBe(false);
    expect(titles()).toContain('代码复制失败');
  });
});
