/**
 * Session store (platform spec §4 "Session"): token (cookie rs-token), user, roles (empty →
 * ['ROLE_DEFAULT']), permissions and the server's router tree.
 */
import type { GetInfoReply, RouterNode, SessionUser } from '../../../../shared/schemas/auth';
import { getToken, loadRememberMe, removeToken, saveRememberMe, setToken } from '../auth-storage';
import { queryClient } from '../query-client';
import { encryptPassword } from '../rsa';
import { createStore, useStore } from '../store';
import { msgError } from '../modal/toaster';
import { describeRequestError, handleRequestError } from '../request-error';
import { trpc, trpcClient } from '../trpc';

/** What login() starts first; nothing until the app registers it (setSignInStart). */
let signInStart: () => void = () => undefined;

/**
 * Registers what login() starts before it encrypts and sends the password: App.tsx hands in
 * app/router's prefetchSignedInRoutes, so the signed-in route table loads meanwhile. The store
 * sits in lib/, below the router (client layers, .dependency-cruiser.cjs), so the router is
 * handed in rather than imported.
 */
export function setSignInStart(fn: () => void) {
  signInStart = fn;
}

export interface UserState {
  token: string;
  user: SessionUser | null;
  roles: string[];
  permissions: string[];
  /** Router tree from auth.getRouters; null until loaded. */
  routers: RouterNode[] | null;
}

export const userStore = createStore<UserState>({
  token: getToken() ?? '',
  user: null,
  roles: [],
  permissions: [],
  routers: null,
});

/** Reads the user store in a component. */
export const useUser = () => useStore(userStore);

export interface LoginForm {
  username: string;
  password: string;
  code: string;
  uuid: string;
  rememberMe: boolean;
}

/** Shown when the password cannot be encrypted; the form is then not sent. */
export const ENCRYPT_FAILED = '密码加密失败，请刷新页面后重试';

/**
 * Encrypts a password with the server's public key (api-contract "Session"): `rsa:` + base64
 * RSA-OAEP(SHA-256), the same in every browser context (lib/rsa.ts), used by sign-in and register.
 * Errors: a failed key request is shown by the request-error layer; a failed encryption shows
 * ENCRYPT_FAILED. Both are rethrown, and the plain password is never sent instead.
 */
export async function encryptWithServerKey(plain: string): Promise<string> {
  // A failed key request is shown by the query cache's error handler (query-client.ts).
  const { publicKey } = await queryClient.fetchQuery({ ...trpc.auth.publicKey.queryOptions(), staleTime: 60_000 });
  try {
    return await encryptPassword(publicKey, plain);
  } catch (e) {
    msgError(ENCRYPT_FAILED);
    throw e;
  }
}

/**
 * Signs in: encrypts the typed password, calls auth.login, stores the token cookie and the
 * remember-me cookies (the user name only, 30 days; no password, not even encrypted: issue 38 §7),
 * then loads user info and routes. The store's token is set last, so the router guard sees
 * one complete session and leaves /login for the redirect target. Errors are shown
 * (request-error layer, ENCRYPT_FAILED) and rethrown.
 */
export async function login(form: LoginForm): Promise<void> {
  signInStart();
  const username = form.username.trim();
  const password = await encryptWithServerKey(form.password);
  let token: string;
  try {
    ({ token } = await trpcClient.auth.login.mutate({ username, password, code: form.code, uuid: form.uuid }));
  } catch (e) {
    handleRequestError(e);
    throw e;
  }
  setToken(token);
  saveRememberMe({ username, rememberMe: form.rememberMe });
  try {
    await loadUserInfo();
  } catch (e) {
    removeToken();
    msgError(describeRequestError(e).message);
    throw e;
  }
  userStore.set({ token });
}

/** The remembered login (user name and flag; never a password). */
export const rememberedLogin = loadRememberMe;

/** Loads getInfo and getRouters (spec §4). Throws on failure; the guard handles it. */
export async function loadUserInfo(): Promise<void> {
  const [info, routers] = await Promise.all([
    queryClient.fetchQuery({ ...trpc.auth.getInfo.queryOptions(), meta: { silent: true }, staleTime: 0 }),
    queryClient.fetchQuery({ ...trpc.auth.getRouters.queryOptions(), meta: { silent: true }, staleTime: 0 }),
  ]);
  const reply = info as GetInfoReply;
  userStore.set({
    user: reply.user,
    roles: reply.roles?.length ? reply.roles : ['ROLE_DEFAULT'],
    permissions: reply.permissions ?? [],
    routers: routers as RouterNode[],
  });
}

/** Clears the local session (token, roles, permissions, routes) without calling the server. */
export function clearSession() {
  removeToken();
  userStore.set({ token: '', user: null, roles: [], permissions: [], routers: null });
  queryClient.clear();
}

/** Logs out on the server (errors ignored) and clears the local session. */
export async function logout(): Promise<void> {
  try {
    if (userStore.get().token) await trpcClient.auth.logout.mutate();
  } catch {
    /* the session may already be gone */
  }
  clearSession();
}

/** Logs out and reloads the base path (spec §2 logout, §8 re-login). */
export async function logoutAndReload(): Promise<void> {
  await logout();
  window.location.href = import.meta.env.BASE_URL;
}
