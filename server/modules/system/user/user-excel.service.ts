/**
 * User export, import and import template (reference §2 `POST /system/user/export`,
 * `importData`, `importTemplate`; RuoYi SysUser @Excel columns and SysUserServiceImpl.importUser).
 * Import: a new account is created with the password of config `sys.user.initPassword`; an
 * existing one is updated when `updateSupport` is on, else reported as 已存在. The whole file is
 * one transaction: when any row fails, nothing is written and the reply lists the failures.
 * On the async store (issue 43): the file is read and parsed, and the password hashed, before
 * that `store.transaction`, which awaits nothing but the store's statements.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { onUniqueViolation } from '../../../core/unique-violation';
import { nowText } from '../../../core/clock';
import { exportXlsx, readXlsx, type ExcelColumn } from '../../../core/excel';
import type { FileReply } from '../../../core/files';
import { hashPassword } from '../../auth/password.service';
import { configValue } from '../config/config.repo';
import { nickNameInput, optionalEmail, optionalPhone, userNameInput, type UploadedFileShape } from '../../../../shared/schemas/system/user';
import { z } from 'zod';
import { findUserIdBy } from './user.repo';
import { listAllUsers, userListColumns, type UserListFilter, type UserListRow } from './user-list.repo';
import { insertUser, updateUser } from './user-write.repo';
import { checkDeptDataScope, checkUserAllowed, checkUserDataScope } from './user-scope';
import { userScope } from './user-scope.repo';
import { missingDeptIds } from '../dept/dept.repo';
import { USER_PERMS } from './user.service';

type UserStore = AppDeps['store'];

const SEX = { 0: '男', 1: '女', 2: '未知' };
const STATUS = { 0: '正常', 1: '停用' };

/** `POST /system/user/export`: xlsx of every user the filter matches in the caller's scope. */
export async function exportUsers(deps: Pick<AppDeps, 'store' | 'clock'>, login: LoginUser, filter: Omit<UserListFilter, 'pageNum' | 'pageSize'>): Promise<FileReply> {
  if (filter.orderByColumn && !(filter.orderByColumn in userListColumns)) throw new AppError('invalid', '参数不符合规范，不能进行查询');
  const scope = userScope(deps.store.db, login, USER_PERMS.export);
  const columns: ExcelColumn<UserListRow>[] = [
    { header: '用户序号', value: 'userId' },
    { header: '登录名称', value: 'userName' },
    { header: '用户名称', value: 'nickName' },
    { header: '用户邮箱', value: 'email' },
    { header: '手机号码', value: 'phonenumber' },
    { header: '用户性别', value: 'sex', labels: SEX },
    { header: '帐号状态', value: 'status', labels: STATUS },
    { header: '最后登录IP', value: 'loginIp' },
    { header: '最后登录时间', value: 'loginDate', width: 30 },
    { header: '部门名称', value: (u) => u.dept?.deptName },
    { header: '部门负责人', value: (u) => u.dept?.leader },
  ];
  return exportXlsx('用户数据', columns, await listAllUsers(deps.store, filter, scope), deps.clock.now());
}

/** Headers of the import sheet (RuoYi's import columns). */
export const IMPORT_HEADERS = ['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '帐号状态'] as const;

/** `POST /system/user/importTemplate`: an empty sheet with the import headers. */
export function userImportTemplate(deps: Pick<AppDeps, 'clock'>): Promise<FileReply> {
  const columns: ExcelColumn<Record<string, string>>[] = IMPORT_HEADERS.map((h) => ({ header: h, value: h }));
  return exportXlsx('用户数据', columns, [], deps.clock.now());
}

const labelOrCode = (labels: Record<string, string>, field: string) => z.string().trim().transform((v, ctx) => {
  if (v === '') return undefined;
  const code = v in labels ? v : Object.keys(labels).find((k) => labels[k] === v);
  if (code === undefined) ctx.addIssue({ code: 'custom', message: `${field}取值无效：${v}` });
  return code;
});

/** One sheet row → user fields, with the user form's rules. */
const importRow = z.object({
  部门编号: z.string().trim().transform((v, ctx) => {
    if (v === '') return undefined;
    if (!/^\d+$/.test(v)) ctx.addIssue({ code: 'custom', message: `部门编号无效：${v}` });
    return Number(v);
  }),
  登录名称: userNameInput,
  用户名称: nickNameInput,
  用户邮箱: optionalEmail,
  手机号码: optionalPhone,
  用户性别: labelOrCode(SEX, '用户性别'),
  帐号状态: labelOrCode(STATUS, '帐号状态'),
});

/** The import rows of an xlsx upload. Errors: 导入用户数据不能为空！, 文件格式不正确… */
async function readRows(file: UploadedFileShape): Promise<Record<string, string>[]> {
  let rows: Record<string, string>[];
  try {
    rows = await readXlsx(Buffer.from(file.data));
  } catch {
    throw new AppError('invalid', '文件格式不正确，请上传 xlsx 格式的 Excel 文件');
  }
  if (rows.length === 0) throw new AppError('invalid', '导入用户数据不能为空！');
  return rows.map((r) => Object.fromEntries(IMPORT_HEADERS.map((h) => [h, r[h] ?? ''])));
}

/**
 * `POST /system/user/importData` (multipart `file`, `updateSupport`) → message
 * `恭喜您，数据已全部导入成功！共 N 条，数据如下：<br/>1、账号 x 导入成功…`, or AppError('invalid',
 * `很抱歉，导入失败！共 N 条数据格式不正确，错误如下：<br/>1、账号 x 已存在…`) (REST code 500, nothing written).
 */
export async function importUsers(deps: Pick<AppDeps, 'store' | 'clock'>, login: LoginUser, file: UploadedFileShape, updateSupport: boolean): Promise<string> {
  const rows = await readRows(file);
  const initPassword = (await configValue(deps.store, 'sys.user.initPassword'))?.trim() || '123456';
  const hash = await hashPassword(initPassword);
  const when = nowText(deps.clock);
  const ok: string[] = [];
  const failed: string[] = [];
  // Parsed before the transaction (issue 43: it awaits only the store's statements).
  const parsedRows = rows.map((raw) => ({ name: raw['登录名称'] || '', parsed: importRow.safeParse(raw) }));
  await deps.store.transaction(async () => {
    for (const { name, parsed } of parsedRows) {
      try {
        if (!parsed.success) throw new AppError('invalid', issueText(parsed.error));
        // Each row in a savepoint: a row refused by a unique index (another node wrote the same
        // account, phone or e-mail meanwhile, issue 44) is reported like the checks' refusal and
        // leaves the transaction usable for the next rows (PostgreSQL aborts it otherwise).
        const verb = await onUniqueViolation(() => deps.store.transaction(() => importOne(deps.store, login, parsed.data, updateSupport, hash, when)),
          { sys_user_name_uq: '已存在', sys_user_phone_uq: '手机号码已存在', sys_user_email_uq: '邮箱账号已存在' });
        ok.push(`${ok.length + 1}、账号 ${name} ${verb}`);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        failed.push(e.message === '已存在' ? `${failed.length + 1}、账号 ${name} 已存在` : `${failed.length + 1}、账号 ${name} 导入失败：${e.message}`);
      }
    }
    if (failed.length) throw new AppError('invalid', `很抱歉，导入失败！共 ${failed.length} 条数据格式不正确，错误如下：<br/>${failed.join('<br/>')}`);
  });
  return `恭喜您，数据已全部导入成功！共 ${ok.length} 条，数据如下：<br/>${ok.join('<br/>')}`;
}

type ImportRow = z.infer<typeof importRow>;

/** The first issue of a row: the rule's Chinese text, or the column and zod's text. */
function issueText(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return '数据格式不正确';
  return /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : `${issue.path.join('.')}：${issue.message}`;
}

/** Imports one row; returns 导入成功 or 更新成功. Errors: AppError (the row's failure). */
async function importOne(store: UserStore, login: LoginUser, r: ImportRow, updateSupport: boolean, hash: string, when: string): Promise<string> {
  if (r.部门编号 !== undefined && (await missingDeptIds(store, [r.部门编号])).length) throw new AppError('notFound', `部门 ${r.部门编号} 不存在`);
  const existing = await findUserIdBy(store, 'userName', r.登录名称);
  const unique = async (field: 'phonenumber' | 'email', value: string, label: string) => {
    const id = value ? await findUserIdBy(store, field, value) : undefined;
    if (id !== undefined && id !== existing) throw new AppError('conflict', `${label}已存在`);
  };
  if (existing !== undefined && !updateSupport) throw new AppError('conflict', '已存在');
  await unique('phonenumber', r.手机号码, '手机号码');
  await unique('email', r.用户邮箱, '邮箱账号');
  await checkDeptDataScope(store, login, r.部门编号, USER_PERMS.import);
  const fields = {
    nickName: r.用户名称, email: r.用户邮箱, phonenumber: r.手机号码,
    ...(r.部门编号 !== undefined ? { deptId: r.部门编号 } : {}),
    ...(r.用户性别 !== undefined ? { sex: r.用户性别 } : {}),
    ...(r.帐号状态 !== undefined ? { status: r.帐号状态 } : {}),
  };
  if (existing === undefined) {
    await insertUser(store, { userName: r.登录名称, ...fields, password: hash, createBy: login.userName, createTime: when });
    return '导入成功';
  }
  checkUserAllowed(existing);
  await checkUserDataScope(store, login, existing, USER_PERMS.import);
  await updateUser(store, existing, { ...fields, updateBy: login.userName, updateTime: when });
  return '更新成功';
}
