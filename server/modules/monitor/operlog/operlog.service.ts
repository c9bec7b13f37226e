/**
 * Operation log services (reference §2 Monitor; RuoYi SysOperlogController): list, delete, clean,
 * export. Rows are written by the audit middleware (core/audit.ts) for every procedure with
 * `meta.log`. Each first awaits the write of the rows still queued by core/audit.ts (flushAudit),
 * so a list, delete, clean or export sees every call answered before it. On the async store
 * (issue 43): the flush, reads and writes go through `store` (each write one `store.transaction`;
 * the flush its own, before the command's).
 */
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../core/errors';
import type { FileReply } from '../../../core/files';
import { exportSheet } from '../../common/export-file';
import { flushAudit } from '../../../core/audit';
import { cleanOperlog, deleteOperlog, listOperlog, type OperlogFilter, type OperlogRow } from './operlog.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** Labels of dictionary sys_oper_type (reference §3). */
export const BUSINESS_TYPES: Record<string, string> = {
  0: '其他', 1: '新增', 2: '修改', 3: '删除', 4: '授权', 5: '导出', 6: '导入', 7: '强退', 8: '生成代码', 9: '清空数据',
};

/** `GET /monitor/operlog/list` → `{rows, total}`, newest first. */
export async function operlogList(deps: Deps, f: OperlogFilter) {
  await flushAudit(deps.store);
  return listOperlog(deps.store, f);
}

/** `POST /monitor/operlog/delete/{operIds}`. Errors: 操作失败 when none exists. */
export async function operlogRemove(deps: Deps, operIds: number[]): Promise<void> {
  await flushAudit(deps.store);
  if (await deps.store.transaction(() => deleteOperlog(deps.store, operIds)) === 0) throw new AppError('notFound', '操作失败');
}

/** `POST /monitor/operlog/clean`: deletes every row (the clean itself is then logged). */
export async function operlogClean(deps: Deps): Promise<void> {
  await flushAudit(deps.store);
  await deps.store.transaction(() => cleanOperlog(deps.store));
}

/** `POST /monitor/operlog/export` → `data_{timestamp}.xlsx` (sheet 操作日志). */
export async function operlogExport(deps: Deps, f: OperlogFilter): Promise<FileReply> {
  await flushAudit(deps.store);
  return exportSheet<OperlogRow>('操作日志', [
    { header: '操作序号', value: 'operId' },
    { header: '操作模块', value: 'title' },
    { header: '业务类型', value: 'businessType', labels: BUSINESS_TYPES },
    { header: '请求方法', value: 'method' },
    { header: '请求方式', value: 'requestMethod' },
    { header: '操作人员', value: 'operName' },
    { header: '部门名称', value: 'deptName' },
    { header: '请求地址', value: 'operUrl' },
    { header: '操作地址', value: 'operIp' },
    { header: '请求参数', value: 'operParam', width: 40 },
    { header: '返回参数', value: 'jsonResult', width: 40 },
    { header: '状态', value: 'status', labels: { 0: '正常', 1: '异常' } },
    { header: '错误消息', value: 'errorMsg', width: 30 },
    { header: '操作时间', value: 'operTime', width: 22 },
    { header: '消耗时间', value: (r) => `${r.costTime}毫秒` },
  ], (await listOperlog(deps.store, f)).rows, deps.clock.now());
}
