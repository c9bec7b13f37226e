/**
 * tRPC client of the web app (stack-notes §4, platform spec §7).
 *
 * - Endpoint `/caishui-api/trpc`; every call carries `Authorization: Bearer <token>` (cookie
 *   `rs-token`) except the public session calls.
 * - Timeouts: 15 000 ms, the captcha call 20 000 ms (spec §9), via AbortSignal.
 * - Mutations pass the duplicate-submit guard (same procedure + input within 1 s is refused
 *   with 数据正在处理，请勿重复提交); sign-in is exempt (spec §7).
 */
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../../server/trpc/router';
import { getToken } from './auth-storage';
import { createRepeatGuard } from './repeat-submit';
import { queryClient } from './query-client';

export const API_BASE = '/caishui-api';
export const TRPC_URL = `${API_BASE}/trpc`;
export const REQUEST_TIMEOUT = 15_000;
export const CAPTCHA_TIMEOUT = 20_000;

/** Calls sent without a token (spec §7 "no token"). */
const PUBLIC_PATHS = new Set(['auth.captchaImage', 'auth.publicKey', 'auth.login', 'auth.register']);
/** Mutations exempt from the duplicate-submit guard. */
const NO_REPEAT_GUARD = new Set(['auth.login', 'auth.logout']);

/** Headers every authenticated call carries. */
export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function timedFetch(ms: number) {
  return (url: URL | RequestInfo, init?: RequestInit) => {
    const timeout = AbortSignal.timeout(ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(url, { ...init, signal });
  };
}

const repeatGuard = createRepeatGuard({});

/** Refuses a mutation identical to one sent less than a second ago. */
const repeatSubmitLink: TRPCLink<AppRouter> = () => ({ op, next }) =>
  observable((observer) => {
    if (op.type === 'mutation' && !NO_REPEAT_GUARD.has(op.path)) {
      try {
        repeatGuard.check(op.path, op.input);
      } catch (e) {
        observer.error(TRPCClientError.from(e as Error));
        return;
      }
    }
    return next(op).subscribe(observer);
  });

/** The vanilla tRPC client (usable outside React). */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    repeatSubmitLink,
    splitLink({
      condition: (op) => op.path === 'auth.captchaImage',
      true: httpLink({ url: TRPC_URL, fetch: timedFetch(CAPTCHA_TIMEOUT) }),
      false: splitLink({
        condition: (op) => PUBLIC_PATHS.has(op.path),
        true: httpLink({ url: TRPC_URL, fetch: timedFetch(REQUEST_TIMEOUT) }),
        false: httpBatchLink({
          url: TRPC_URL,
          headers: () => authHeaders(),
          fetch: timedFetch(REQUEST_TIMEOUT),
        }),
      }),
    }),
  ],
});

/** React bindings: <TRPCProvider> and useTRPC(). */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Query/mutation option factories usable outside components (stores, guards). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export type { AppRouter };
