import { describe, expect, it } from 'vitest';
import { cancelUserRoleText, cleanConfirmText, deleteConfirmText, excelFileName, joinIds, MSG } from './messages';

describe('spec §8 texts', () => {
  it('builds the delete confirmation', () => {
    expect(deleteConfirmText([3, 4], '字典编码')).toBe('是否确认删除字典编码为"3,4"的数据项？');
    expect(deleteConfirmText(7, '用户编号')).toBe('是否确认删除用户编号为"7"的数据项？');
  });
  it('builds the other confirmations', () => {
    expect(cleanConfirmText('调度日志')).toBe('是否确认清空所有调度日志数据项？');
    expect(cancelUserRoleText('ry')).toBe('确认要取消该用户"ry"角色吗？');
    expect(joinIds(['a', 'b'])).toBe('a,b');
  });
  it('keeps the success messages and the download name', () => {
    expect(Object.values(MSG)).toEqual(['新增成功', '修改成功', '删除成功', '授权成功', '取消授权成功', '清空成功']);
    expect(excelFileName(1700000000000)).toBe('data_1700000000000.xlsx');
  });
});
