/**
 * Online users (reference §1 "Online users"; RuoYi SysUserOnlineController): the live sessions,
 * and force logout, after which the session's token answers 401. On the async store (issue 43):
 * force logout is one `store.transaction`.
 */
import type { AppDeps } from '../../../deps';
import type { Page } from '../../../core/pagination';
import { isInternalIp } from '../logininfor/logininfor.repo';
import type { OnlineUser } from '../../../../shared/schemas/monitor/online';
import { deleteSession, listLiveSessions } from './online.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/**
 * `GET /monitor/online/list` → `{rows, total}` (not paged, as RuoYi) of sessions alive now:
 * tokenId (= session id), deptName, userName, ipaddr, loginLocation, browser, os, loginTime.
 */
export async function onlineList(deps: Deps, f: { ipaddr?: string; userName?: string }): Promise<Page<OnlineUser>> {
  const rows = (await listLiveSessions(deps.store, deps.clock.now(), f))
    .map((r) => ({ ...r, loginLocation: r.loginLocation || (isInternalIp(r.ipaddr) ? '内网IP' : '') }));
  return { rows, total: rows.length };
}

/** `POST /monitor/online/delete/{tokenId}`: ends that session (an unknown id ends nothing, as RuoYi). */
export async function onlineForceLogout(deps: Deps, tokenId: string): Promise<void> {
  await deps.store.transaction(() => deleteSession(deps.store, tokenId));
}
