import { describe, expect, it } from 'vitest';
import { encodeParams, filenameFromDisposition } from './params';

describe('encodeParams', () => {
  it('skips empty values and nests objects as key[sub]', () => {
    expect(encodeParams({ a: 1, b: '', c: null, params: { beginTime: '2024-01-01', endTime: '' } })).toBe(
      'a=1&params%5BbeginTime%5D=2024-01-01',
    );
  });
  it('encodes Chinese text', () => {
    expect(encodeParams({ userName: '若依' })).toBe('userName=%E8%8B%A5%E4%BE%9D');
  });
});

describe('filenameFromDisposition', () => {
  it('prefers the RFC 5987 UTF-8 name', () => {
    expect(filenameFromDisposition(`attachment; filename="x.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`)).toBe('用户.xlsx');
  });
  it('reads a plain filename and gives null without a header', () => {
    expect(filenameFromDisposition('attachment; filename="data_1.xlsx"')).toBe('data_1.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
