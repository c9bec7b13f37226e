/**
 * Session token and remember-me cookies (platform spec §4 "Session" / "Remember-me",
 * §9 "Remember-me cookies last 30 days. Token cookie key rs-token"; issue 38 §7).
 *
 * Cookies:
 *   rs-token    the bearer token (session cookie, no expiry)
 *   username    login name                  ┐ only when remember-me is on,
 *   rememberMe  'true'                      ┘ 30 days; removed when it is off
 * No password is stored, not even encrypted (issue 38 §7: a stored `rsa:` ciphertext signed in
 * again whenever replayed): remember-me fills in the user name only. A `password` cookie left by
 * an earlier version is erased whenever the remember-me cookies are read or written, and never
 * read. The logic sits in `createAuthStorage(store)` (pure, testable with a Map); the exported
 * functions use the js-cookie-backed `cookieStore`.
 */
import Cookies from 'js-cookie';

export const TOKEN_KEY = 'rs-token';
export const REMEMBER_ME_DAYS = 30;
const USERNAME_KEY = 'username';
/** Where earlier versions kept the encrypted password: only ever removed now. */
const LEGACY_PASSWORD_KEY = 'password';
const REMEMBER_KEY = 'rememberMe';

/** Minimal key/value store with optional expiry in days. */
export type CookieStore = {
  get(k: string): string | undefined;
  set(k: string, v: string, days?: number): void;
  remove(k: string): void;
};

export type RememberMe = { username: string; rememberMe: boolean };

/** js-cookie-backed store (path '/', SameSite=Lax); a no-op outside a browser. */
export const cookieStore: CookieStore = {
  get: (k) => Cookies.get(k),
  set: (k, v, days) => {
    Cookies.set(k, v, days === undefined ? { path: '/', sameSite: 'Lax' } : { path: '/', sameSite: 'Lax', expires: days });
  },
  remove: (k) => Cookies.remove(k, { path: '/' }),
};

/** Builds the token and remember-me helpers over any store. */
export function createAuthStorage(store: CookieStore) {
  return {
    getToken: (): string | undefined => store.get(TOKEN_KEY),
    setToken: (token: string): void => store.set(TOKEN_KEY, token),
    removeToken: (): void => store.remove(TOKEN_KEY),
    /**
     * After a successful sign-in: keep (30 days) or forget the user name and the flag. Never
     * stores a password; erases an earlier version's password cookie.
     */
    saveRememberMe({ username, rememberMe }: RememberMe): void {
      store.remove(LEGACY_PASSWORD_KEY);
      if (rememberMe) {
        store.set(USERNAME_KEY, username, REMEMBER_ME_DAYS);
        store.set(REMEMBER_KEY, 'true', REMEMBER_ME_DAYS);
      } else {
        store.remove(USERNAME_KEY);
        store.remove(REMEMBER_KEY);
      }
    },
    /** For the sign-in form: the remembered user name and flag ('' / false when missing); erases a legacy password cookie. */
    loadRememberMe(): RememberMe {
      if (store.get(LEGACY_PASSWORD_KEY) !== undefined) store.remove(LEGACY_PASSWORD_KEY);
      return {
        username: store.get(USERNAME_KEY) ?? '',
        rememberMe: store.get(REMEMBER_KEY) === 'true',
      };
    },
  };
}

const defaultStorage = createAuthStorage(cookieStore);
export const { getToken, setToken, removeToken, saveRememberMe, loadRememberMe } = defaultStorage;
