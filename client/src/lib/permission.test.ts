import { describe, expect, it } from 'vitest';
import { checkPermi, checkRole } from './permission';

describe('checkPermi', () => {
  const perms = ['system:user:add', 'system:user:edit'];
  it('passes any-of by default', () => {
    expect(checkPermi(perms, ['system:user:edit'])).toBe(true);
    expect(checkPermi(perms, ['system:role:add', 'system:user:add'])).toBe(true);
    expect(checkPermi(perms, ['system:role:add'])).toBe(false);
  });
  it('needs every value in all mode', () => {
    expect(checkPermi(perms, ['system:user:add', 'system:user:edit'], 'all')).toBe(true);
    expect(checkPermi(perms, ['system:user:add', 'system:user:remove'], 'all')).toBe(false);
    expect(checkPermi(perms, ['system:user:add', 'system:user:remove'], 'any')).toBe(true);
  });
  it('lets the wildcard through in both modes', () => {
    expect(checkPermi(['*:*:*'], ['monitor:job:list'])).toBe(true);
    expect(checkPermi(['*:*:*'], ['a:b:c', 'd:e:f'], 'all')).toBe(true);
  });
  it('does not treat partial wildcards or prefixes as matches', () => {
    expect(checkPermi(['system:*:*'], ['system:user:add'])).toBe(false);
    expect(checkPermi(['system:user'], ['system:user:add'])).toBe(false);
  });
  it('denies a user with no permissions', () => {
    expect(checkPermi([], ['system:user:add'])).toBe(false);
  });
  it('throws on an empty value list', () => {
    expect(() => checkPermi(perms, [])).toThrow('请设置操作权限标签值');
    expect(() => checkPermi(['*:*:*'], [])).toThrow(new Error('请设置操作权限标签值'));
  });
});

describe('checkRole', () => {
  it('passes any-of by default', () => {
    expect(checkRole(['common', 'finance'], ['finance'])).toBe(true);
    expect(checkRole(['common'], ['finance', 'audit'])).toBe(false);
  });
  it('needs every role in all mode', () => {
    expect(checkRole(['common', 'finance'], ['common', 'finance'], 'all')).toBe(true);
    expect(checkRole(['common'], ['common', 'finance'], 'all')).toBe(false);
  });
  it('lets admin through', () => {
    expect(checkRole(['admin'], ['finance'])).toBe(true);
    expect(checkRole(['admin'], ['finance', 'audit'], 'all')).toBe(true);
    expect(checkRole(['administrator'], ['finance'])).toBe(false);
  });
  it('treats ROLE_DEFAULT as an ordinary role', () => {
    expect(checkRole(['ROLE_DEFAULT'], ['common'])).toBe(false);
  });
  it('throws on an empty value list', () => {
    expect(() => checkRole(['admin'], [])).toThrow('请设置角色权限标签值');
  });
});
