/**
 * Config services (reference §2 Config; RuoYi SysConfigController / SysConfigServiceImpl) and the
 * switches read from config entries at the moment of use, through the config cache, so a change
 * takes effect without a restart (reference §1: captcha on unless the entry says otherwise;
 * register only when "true"; the login IP black list). On the async store (issue 43): each write is
 * one `store.transaction` (its checks inside), the cache drops after the commit; the switches read
 * through `configValue` (a cache hit awaits nothing). Synchronous readers that cannot await use
 * ./config-sync.repo.ts `getConfigValue`.
 */
import type { AppDeps } from '../../../deps';
import { hasPermission, type LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError, forbidden } from '../../../core/errors';
import { onUniqueViolation } from '../../../core/unique-violation';
import type { FileReply } from '../../../core/files';
import { exportSheet, YES_NO } from '../../common/export-file';
import { configCache } from './config.cache';
import {
  configKeyTaken, configValue, deleteConfigs, findConfigById, findConfigsByIds, insertConfig, listConfigs, updateConfig,
  type ConfigFilter, type ConfigRow,
} from './config.repo';

export { configValue } from './config.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** `CAPTCHA_ENABLED` when set, else `sys.account.captchaEnabled` (missing/blank → true). */
export async function isCaptchaEnabled(deps: Pick<AppDeps, 'store' | 'env'>): Promise<boolean> {
  if (deps.env.CAPTCHA_ENABLED !== undefined) return deps.env.CAPTCHA_ENABLED;
  const v = await configValue(deps.store, 'sys.account.captchaEnabled');
  return v === undefined || v.trim() === '' ? true : v.trim() === 'true';
}

/** `sys.account.registerUser` == "true". */
export async function isRegisterEnabled(deps: Pick<AppDeps, 'store'>): Promise<boolean> {
  return (await configValue(deps.store, 'sys.account.registerUser'))?.trim() === 'true';
}

/** `sys.user.initPassword` (the password of new users and resets; '' when unset). */
export async function initPassword(deps: Pick<AppDeps, 'store'>): Promise<string> {
  return (await configValue(deps.store, 'sys.user.initPassword')) ?? '';
}

/** `sys.login.blackIPList`: `;`-separated addresses, `*` wildcards or IPv4 CIDR blocks. */
export async function isBlockedIp(deps: Pick<AppDeps, 'store'>, ip: string): Promise<boolean> {
  const list = (await configValue(deps.store, 'sys.login.blackIPList')) ?? '';
  return list.split(';').map((s) => s.trim()).filter(Boolean).some((rule) => ipMatches(rule, ip));
}

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((acc, p) => (acc << 8) + Number(p), 0) >>> 0;
}

/** One black-list rule against an address (exact, `*` glob, or `a.b.c.d/n`). */
export function ipMatches(rule: string, ip: string): boolean {
  const addr = ip.replace(/^::ffff:/, '');
  if (rule.includes('/')) {
    const [base, bitsText] = rule.split('/');
    const bits = Number(bitsText);
    const b = ipv4ToInt(base);
    const a = ipv4ToInt(addr);
    if (b === null || a === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (a & mask) === (b & mask);
  }
  if (rule.includes('*')) {
    const re = new RegExp(`^${rule.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    return re.test(addr);
  }
  return rule === addr;
}

export interface ConfigForm {
  configName: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  remark?: string;
}

/** `GET /system/config/list` → `{rows, total}`. */
export const configList = (deps: Deps, f: ConfigFilter) => listConfigs(deps.store, f);

/** `GET /system/config/{configId}` → the entry or null. */
export const configGet = async (deps: Deps, configId: number) => (await findConfigById(deps.store, configId)) ?? null;

/** Keys every signed-in user may read by key: the main frame's look (RuoYi's 主框架页 entries). */
const OPEN_KEY_PREFIX = 'sys.index.';
/** The initial password of new accounts: the user screen's add dialog fills it in (UserFormDialog). */
const INIT_PASSWORD_KEY = 'sys.user.initPassword';

/**
 * `GET /system/config/configKey/{key}` → the value ('' for an unknown key, as RuoYi). RuoYi lets
 * any signed-in user read any entry by key, the initial password of new accounts and whatever an
 * administrator keeps in config included; here (issue 11: the server checks every permission):
 * `system:config:query` reads every key; without it only `sys.index.*` keys, and
 * `sys.user.initPassword` with `system:user:add` (the add dialog that fills it in). Keys match
 * exactly (the column is case-sensitive).
 * Errors: 403 没有权限，请联系管理员授权 for any other key, known or not (no probing for keys).
 */
export async function configValueOf(deps: Pick<AppDeps, 'store'>, login: LoginUser, configKey: string): Promise<string> {
  const readable = hasPermission(login, 'system:config:query') || configKey.startsWith(OPEN_KEY_PREFIX)
    || (configKey === INIT_PASSWORD_KEY && hasPermission(login, 'system:user:add'));
  if (!readable) throw forbidden();
  return (await configValue(deps.store, configKey)) ?? '';
}

const values = (f: ConfigForm) => ({ configName: f.configName, configKey: f.configKey, configValue: f.configValue, configType: f.configType, remark: f.remark ?? null });

/** `POST /system/config` → new configId. Errors (500): 新增参数'x'失败，参数键名已存在. */
export async function configAdd(deps: Deps, login: LoginUser, f: ConfigForm): Promise<number> {
  const when = nowText(deps.clock);
  const message = `新增参数'${f.configName}'失败，参数键名已存在`;
  const id = await onUniqueViolation(() => deps.store.transaction(async () => {
    if (await configKeyTaken(deps.store, f.configKey)) throw new AppError('conflict', message);
    return insertConfig(deps.store, values(f), login.userName, when);
  }), { sys_config_key_uq: message });
  configCache.drop(deps.store, f.configKey);
  return id;
}

/** `POST /system/config/update`; a renamed key drops both keys. Errors (500): 修改参数'x'失败，参数键名已存在; 操作失败. */
export async function configUpdate(deps: Deps, login: LoginUser, f: Omit<ConfigForm, 'configType'> & { configId: number; configType?: 'Y' | 'N' }): Promise<void> {
  const when = nowText(deps.clock);
  const message = `修改参数'${f.configName}'失败，参数键名已存在`;
  const old = await onUniqueViolation(() => deps.store.transaction(async () => {
    const row = await findConfigById(deps.store, f.configId);
    if (!row) throw new AppError('notFound', '操作失败');
    if (await configKeyTaken(deps.store, f.configKey, f.configId)) throw new AppError('conflict', message);
    await updateConfig(deps.store, f.configId,
      { configName: f.configName, configKey: f.configKey, configValue: f.configValue, configType: f.configType, remark: f.remark }, login.userName, when);
    return row;
  }), { sys_config_key_uq: message });
  configCache.drop(deps.store, old.configKey);
  configCache.drop(deps.store, f.configKey);
}

/**
 * `POST /system/config/delete/{configIds}`: all or nothing. Errors (500): 内置参数【key】不能删除
 * for a built-in (type Y) entry; 操作失败 when none exists.
 */
export async function configRemove(deps: Deps, configIds: number[]): Promise<void> {
  const rows = await deps.store.transaction(async () => {
    const found = await findConfigsByIds(deps.store, configIds);
    const builtIn = found.find((c) => c.configType === 'Y');
    if (builtIn) throw new AppError('refused', `内置参数【${builtIn.configKey}】不能删除`);
    if (await deleteConfigs(deps.store, configIds) === 0) throw new AppError('notFound', '操作失败');
    return found;
  });
  for (const r of rows) configCache.drop(deps.store, r.configKey);
}

/** `POST /system/config/refreshCache`: drops every cached value (reloaded on next read). */
export function configRefreshCache(deps: Pick<AppDeps, 'store'>): void {
  configCache.drop(deps.store);
}

/** `POST /system/config/export` → `data_{timestamp}.xlsx` (sheet 参数数据). */
export async function configExport(deps: Deps, f: ConfigFilter): Promise<FileReply> {
  return exportSheet<ConfigRow>('参数数据', [
    { header: '参数主键', value: 'configId' },
    { header: '参数名称', value: 'configName' },
    { header: '参数键名', value: 'configKey' },
    { header: '参数键值', value: 'configValue' },
    { header: '系统内置', value: 'configType', labels: YES_NO },
  ], (await listConfigs(deps.store, f)).rows, deps.clock.now());
}
