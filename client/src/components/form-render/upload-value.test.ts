import { describe, expect, it } from 'vitest';
import { cascaderPaths, pathLabel } from '../../../../shared/form/cascader';
import { optionsFromReply, optionsRequest } from './dynamic-options';
import { acceptToFileTypes, fileSizeMb, parseUploadValue, toUploadValue, uploadNames, uploadUrls } from './upload-value';

describe('upload value (reference §7: JSON [{name,url,fileType}])', () => {
  const stored = JSON.stringify([{ name: '合同.pdf', url: '/profile/upload/a.pdf', fileType: 'pdf' }]);

  it('reads JSON text, arrays and comma urls', () => {
    expect(parseUploadValue(stored)).toEqual([{ name: '合同.pdf', url: '/profile/upload/a.pdf', fileType: 'pdf' }]);
    expect(parseUploadValue('/x/b.PNG,/x/c.txt').map((f) => [f.name, f.fileType])).toEqual([['b.PNG', 'png'], ['c.txt', 'txt']]);
    expect(parseUploadValue(null)).toEqual([]);
    expect(uploadUrls(stored)).toBe('/profile/upload/a.pdf');
  });

  it('writes the JSON text back keeping known names; null when empty', () => {
    expect(JSON.parse(toUploadValue('/profile/upload/a.pdf,/p/d.doc', stored)!)).toEqual([
      { name: '合同.pdf', url: '/profile/upload/a.pdf', fileType: 'pdf' },
      { name: 'd.doc', url: '/p/d.doc', fileType: 'doc' },
    ]);
    expect(toUploadValue('', stored)).toBeNull();
  });

  it('names a new upload by its original file name, keeping the stored url', () => {
    const url = '/profile/upload/2026/03/02/ticket_20260302101010A001.txt';
    const out = JSON.parse(toUploadValue(`/profile/upload/a.pdf,${url}`, stored, [{ url, name: 'ticket.txt' }])!);
    expect(out).toEqual([
      { name: '合同.pdf', url: '/profile/upload/a.pdf', fileType: 'pdf' },
      { name: 'ticket.txt', url, fileType: 'txt' },
    ]);
    expect(uploadNames(JSON.stringify(out))).toEqual({ '/profile/upload/a.pdf': '合同.pdf', [url]: 'ticket.txt' });
  });

  it('converts size units and accept lists (spec §9)', () => {
    expect(fileSizeMb(undefined, undefined)).toBe(2);
    expect(fileSizeMb(512, 'KB')).toBe(0.5);
    expect(fileSizeMb(1, 'GB')).toBe(1024);
    expect(fileSizeMb(0, 'MB')).toBe(0);
    expect(acceptToFileTypes('.xls,.xlsx')).toEqual(['xls', 'xlsx']);
    expect(acceptToFileTypes('image/*')).toContain('png');
    expect(acceptToFileTypes('')).toBeUndefined();
  });
});

describe('cascader paths and dynamic options', () => {
  const options = [{ label: '浙江', value: 1, children: [{ label: '杭州', value: 2 }, { label: '宁波', value: 3 }] }];

  it('lists leaf paths, or every node when checkStrictly', () => {
    expect(cascaderPaths(options).map((p) => p.values)).toEqual([[1, 2], [1, 3]]);
    expect(cascaderPaths(options, true)).toHaveLength(3);
    expect(pathLabel(cascaderPaths(options)[0])).toBe('浙江 / 杭州');
    expect(pathLabel(cascaderPaths(options)[0], false)).toBe('杭州');
  });

  it('builds the options request: API base and token for declared read-only sources only (issue 38 §1)', () => {
    const field = (url: string, method = 'get') => ({ __config__: { dataType: 'dynamic', url, method, dataPath: 'data' } });
    expect(optionsRequest(field('/system/dict/data/type/sys_user_sex'))).toEqual({ url: '/caishui-api/system/dict/data/type/sys_user_sex', method: 'GET', withToken: true });
    expect(optionsRequest(field('https://example.com/a', 'post'))).toBeNull();
    expect(optionsRequest(field('https://example.com/a'))).toBeNull();
    expect(optionsRequest({ __config__: { dataType: 'static', url: '/a' } })).toBeNull();
    expect(optionsFromReply({ __config__: { dataPath: 'data' } }, { data: [{ label: 'a', value: '1' }] })).toEqual([{ label: 'a', value: 1 }]);
    expect(optionsFromReply({ __config__: { dataPath: 'data' } }, { data: null })).toEqual([]);
  });
});
