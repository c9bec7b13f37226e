import { describe, expect, it } from 'vitest';
import {
  isExternal,
  isHttp,
  validAlphabets,
  validEmail,
  validLowerCase,
  validMobile,
  validURL,
  validUpperCase,
} from './validate';

describe('isExternal', () => {
  it('accepts http, https, mailto and tel', () => {
    expect(isExternal('http://a.com')).toBe(true);
    expect(isExternal('https://a.com/x')).toBe(true);
    expect(isExternal('mailto:a@b.com')).toBe(true);
    expect(isExternal('tel:13800138000')).toBe(true);
  });
  it('rejects app paths and other schemes', () => {
    expect(isExternal('/system/user')).toBe(false);
    expect(isExternal('user')).toBe(false);
    expect(isExternal('ftp://a.com')).toBe(false);
    expect(isExternal('javascript:alert(1)')).toBe(false);
    expect(isExternal('')).toBe(false);
  });
});

describe('isHttp', () => {
  it('needs an http(s):// prefix', () => {
    expect(isHttp('http://ruoyi.vip')).toBe(true);
    expect(isHttp('HTTPS://ruoyi.vip')).toBe(true);
    expect(isHttp('/redirect?to=http://x')).toBe(false);
    expect(isHttp('mailto:a@b.com')).toBe(false);
    expect(isHttp('')).toBe(false);
  });
});

describe('validURL', () => {
  it('accepts domains, IPv4, ports and paths', () => {
    expect(validURL('https://www.example.com')).toBe(true);
    expect(validURL('http://example.cn/a/b')).toBe(true);
    expect(validURL('http://192.168.1.10:8080/api')).toBe(true);
    expect(validURL('ftp://files.example.org')).toBe(true);
  });
  it('rejects malformed addresses', () => {
    expect(validURL('example.com')).toBe(false);
    expect(validURL('http://')).toBe(false);
    expect(validURL('http://localhost')).toBe(false);
    expect(validURL('mailto:a@b.com')).toBe(false);
  });
});

describe('validEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(validEmail('ry@163.com')).toBe(true);
    expect(validEmail('first.last+tag@mail.example.com.cn')).toBe(true);
  });
  it('rejects malformed addresses', () => {
    expect(validEmail('ry@163')).toBe(false);
    expect(validEmail('ry163.com')).toBe(false);
    expect(validEmail('a b@c.com')).toBe(false);
    expect(validEmail('a@@b.com')).toBe(false);
    expect(validEmail('')).toBe(false);
  });
});

describe('letter checks', () => {
  it('validUpperCase', () => {
    expect(validUpperCase('ABC')).toBe(true);
    expect(validUpperCase('AbC')).toBe(false);
    expect(validUpperCase('AB1')).toBe(false);
    expect(validUpperCase('')).toBe(false);
  });
  it('validLowerCase', () => {
    expect(validLowerCase('abc')).toBe(true);
    expect(validLowerCase('abC')).toBe(false);
    expect(validLowerCase('ab c')).toBe(false);
    expect(validLowerCase('')).toBe(false);
  });
  it('validAlphabets', () => {
    expect(validAlphabets('AbC')).toBe(true);
    expect(validAlphabets('Ab1')).toBe(false);
    expect(validAlphabets('中文')).toBe(false);
    expect(validAlphabets('')).toBe(false);
  });
});

describe('validMobile', () => {
  it('accepts 11 digits starting 1[3-9]', () => {
    expect(validMobile('13800138000')).toBe(true);
    expect(validMobile('19912345678')).toBe(true);
    expect(validMobile('15000000000')).toBe(true);
  });
  it('rejects wrong length, prefix or characters', () => {
    expect(validMobile('12800138000')).toBe(false); // second digit 2
    expect(validMobile('10800138000')).toBe(false); // second digit 0
    expect(validMobile('23800138000')).toBe(false); // first digit 2
    expect(validMobile('1380013800')).toBe(false); // 10 digits
    expect(validMobile('138001380000')).toBe(false); // 12 digits
    expect(validMobile('1380013800a')).toBe(false);
    expect(validMobile('+8613800138000')).toBe(false);
    expect(validMobile(' 13800138000')).toBe(false);
    expect(validMobile('')).toBe(false);
  });
  it('returns false for non-strings', () => {
    expect(validMobile(13800138000 as unknown as string)).toBe(false);
    expect(validEmail(undefined as unknown as string)).toBe(false);
  });
});
