import { describe, expect, it } from 'vitest';
import { exportXlsx, readXlsx, XLSX_TYPE } from './excel';

describe('excel', () => {
  it('writes a sheet with Chinese headers and labels, and reads it back', async () => {
    const rows = [{ id: 1, name: '张三', status: '0' }, { id: 2, name: '李四', status: '1' }];
    const file = await exportXlsx('用户数据', [
      { header: '用户编号', value: 'id' },
      { header: '用户名称', value: 'name' },
      { header: '帐号状态', value: 'status', labels: { '0': '正常', '1': '停用' } },
    ], rows, 1700000000000);
    expect(file.fileName).toBe('data_1700000000000.xlsx');
    expect(file.contentType).toBe(XLSX_TYPE);
    expect(file.body.subarray(0, 2).toString()).toBe('PK');
    expect(await readXlsx(file.body)).toEqual([
      { 用户编号: '1', 用户名称: '张三', 帐号状态: '正常' },
      { 用户编号: '2', 用户名称: '李四', 帐号状态: '停用' },
    ]);
  });
  it('refuses a buffer that is not a workbook', async () => {
    await expect(readXlsx(Buffer.from('not a zip'))).rejects.toThrow();
  });
});
