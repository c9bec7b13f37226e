/**
 * The registry of this process's in-memory caches as 缓存监控 shows them (issue 41 §5; RuoYi
 * CacheController's list: login_tokens: 用户信息, sys_config: 配置信息, sys_dict: 数据字典,
 * captcha_codes: 验证码; plus ours: bpmn_definitions: 流程定义). Each entry adapts one real cache
 * (server/core/cache-registry.ts MonitoredCache); values are shown without secrets: a session shows
 * who, where and when (never its token, key or password hash), a captcha only its expiry.
 *
 * Not listed: RuoYi's repeat_submit:, rate_limit:, pwd_err_cnt: (no such caches here: lockouts are
 * counted in the login log table); permissions and routers (permissions live in the session entry,
 * getRouters reads the menus each time); the read caches of user-list pages, workflow person names and
 * main forms, which reload on any change of their tables (common/read-cache.ts).
 *
 * A session's value reads its row through the async store (issue 43), so `value` may return a
 * promise (cache.service.ts awaits it). The config and dict caches are keyed by `store` (their
 * async readers'); so is the session cache (issue 43).
 */
import type { AppDeps } from '../../../deps';
import { estimateBytes, estimateEntryBytes, type MonitoredCache } from '../../../core/cache-registry';
import { clearSessionCache, forgetSession, sessionCacheView } from '../../auth/session-cache';
import { configCache } from '../../system/config/config.cache';
import { dictCache } from '../../system/dict/dict.cache';
import { formatDateTime } from '../../../../shared/utils/date';
import { sessionPublicRow } from './cache.repo';
import type { CacheStore, ReadCache } from '../../common/read-cache';

export type CacheDeps = Pick<AppDeps, 'db' | 'store' | 'clock' | 'captcha' | 'engine'>;

const sorted = (keys: Iterable<string>) => [...keys].sort();

/** A ReadCache of `store` as a MonitoredCache; `show` turns a stored value into what may be shown. */
function readCacheSource<V>(store: CacheStore, cache: ReadCache<V>, name: string, remark: string, show: (v: V) => unknown): MonitoredCache {
  const peek = (key: string) => cache.entries(store).find(([k]) => k === key);
  return {
    name, remark,
    clearNote: '仅清除内存中的缓存，数据库中的数据不变，下次使用时从数据库重新读取。',
    keys: () => sorted(cache.keys(store)),
    value: (key) => { const e = peek(key); return e ? show(e[1]) : undefined; },
    bytes: () => estimateBytes(cache.entries(store).map(([k, v]) => [k, show(v)] as [string, unknown])),
    stats: () => cache.stats(store),
    clear: (key) => cache.drop(store, key),
  };
}

function sessionSource(deps: CacheDeps): MonitoredCache {
  const { store } = deps;
  return {
    name: 'login_tokens:', remark: '用户信息',
    clearNote: '仅清除本进程内存中的会话缓存，不删除数据库中的会话，用户无需重新登录（下次请求时从数据库重新读取）。',
    keys: () => sorted(sessionCacheView(store).sessions.keys()),
    value: async (sid) => {
      const entry = sessionCacheView(store).sessions.get(sid);
      if (!entry) return undefined;
      const row = await sessionPublicRow(store, sid);
      const { login } = entry;
      return {
        userName: login.userName, nickName: login.nickName, deptName: login.deptName,
        ipaddr: row?.ipaddr ?? '', loginLocation: row?.loginLocation ?? '', browser: row?.browser ?? '', os: row?.os ?? '',
        loginTime: row?.loginTime ?? '', expireTime: formatDateTime(entry.expireAt),
        roles: login.roleKeys, permissions: login.permissions,
      };
    },
    // The entry as held (user row without password, roles, permission strings): its JSON text.
    bytes: () => estimateBytes([...sessionCacheView(store).sessions].map(([k, e]) => [k, { login: e.login, profile: e.profile }] as [string, unknown])),
    stats: () => sessionCacheView(store).stats,
    clear: (sid) => (sid === undefined ? clearSessionCache(store) : forgetSession(store, sid)),
  };
}

function captchaSource(deps: CacheDeps): MonitoredCache {
  const { captcha, clock } = deps;
  const shown = (expireAt: number) => ({ expireTime: formatDateTime(expireAt) });
  return {
    name: 'captcha_codes:', remark: '验证码',
    clearNote: '验证码保存在数据库中，所有节点共用：清理后，已取得验证码但尚未登录的用户需刷新验证码。',
    keys: async () => sorted((await captcha.pending(clock.now())).keys()),
    value: async (uuid) => { const at = (await captcha.pending(clock.now())).get(uuid); return at === undefined ? undefined : shown(at); },
    // Held: the answer (a short string) and its expiry; shown: the expiry only. Count the held size.
    bytes: async () => [...await captcha.pending(clock.now())].reduce((n, [k]) => n + estimateEntryBytes(k, { answer: '00', expireAt: 0 }), 0),
    stats: () => captcha.stats(),
    clear: (uuid) => captcha.clear(uuid),
    shared: true,
  };
}

function definitionSource(deps: CacheDeps): MonitoredCache {
  const cache = deps.engine.definitionCache;
  return {
    name: 'bpmn_definitions:', remark: '流程定义',
    clearNote: '仅清除内存中已解析的流程定义，下次使用时从数据库重新读取并解析。',
    keys: () => sorted(cache.entries().keys()),
    value: (id) => {
      const e = cache.entries().get(id);
      if (!e) return undefined;
      const g = e.graph;
      return {
        definitionId: id, key: e.row?.key ?? g?.key, name: e.row?.name ?? g?.name, version: e.row?.version, deploymentId: e.row?.deploymentId,
        parsed: !!g, nodes: g ? Object.keys(g.nodes).length : undefined, flows: g ? Object.keys(g.flows).length : undefined,
      };
    },
    bytes: () => estimateBytes(cache.entries()),
    stats: () => cache.stats(),
    clear: (id) => cache.clear(id),
  };
}

/** Every monitored cache of the app of `deps`, in RuoYi's order then ours. */
export function cacheSources(deps: CacheDeps): MonitoredCache[] {
  return [
    sessionSource(deps),
    readCacheSource(deps.store, configCache, 'sys_config:', '配置信息', (v) => v ?? null),
    readCacheSource(deps.store, dictCache, 'sys_dict:', '数据字典', (v) => v.value),
    captchaSource(deps),
    definitionSource(deps),
  ];
}
