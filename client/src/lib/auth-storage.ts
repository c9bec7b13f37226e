/**
 * Session token and remember-me cookies (platform spec §4 "Session" / "Remember-me",
 * §9 "Remember-me cookies last 30 days. Token cookie key rs-token").
 *
 * Cookies:
 *   rs-token    the bearer token (session cookie, no expiry)
 *   username    login name                  ┐ only when remember-me is on,
 *   password    the ENCRYPTED password      │ 30 days; removed when it is off
 *   rememberMe  'true'                      ┘
 * The logic sits in `createAuthStorage(store)` (pure, testable with a Map); the exported
 * functions use the js-cookie-backed `cookieStore`. The plain password is never stored: only a
 * value with the `rsa:` prefix (RSA-OAEP ciphertext, lib/rsa.ts) is kept or read back, so a cookie
 * holding anything else is never sent as a password.
 */
import Cookies from 'js-cookie';

export const TOKEN_KEY = 'rs-token';
export const REMEMBER_ME_DAYS = 30;
const USERNAME_KEY = 'username';
const PASSWORD_KEY = 'password';
const REMEMBER_KEY = 'rememberMe';
/** Prefix of an encrypted password (api-contract "Session"). */
const ENCRYPTED_PREFIX = 'rsa:';
const isEncrypted = (v: string | undefined): v is string => !!v && v.startsWith(ENCRYPTED_PREFIX) && v.length > ENCRYPTED_PREFIX.length;

/** Minimal key/value store with optional expiry in days. */
export type CookieStore = {
  get(k: string): string | undefined;
  set(k: string, v: string, days?: number): void;
  remove(k: string): void;
};

export type RememberMe = { username: string; encryptedPassword: string; rememberMe: boolean };

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
     * After a successful sign-in: keep (30 days) or forget the login details. A password without
     * the `rsa:` prefix is not kept (the cookie is removed); username and flag still are.
     */
    saveRememberMe({ username, encryptedPassword, rememberMe }: RememberMe): void {
      if (rememberMe) {
        store.set(USERNAME_KEY, username, REMEMBER_ME_DAYS);
        if (isEncrypted(encryptedPassword)) store.set(PASSWORD_KEY, encryptedPassword, REMEMBER_ME_DAYS);
        else store.remove(PASSWORD_KEY);
        store.set(REMEMBER_KEY, 'true', REMEMBER_ME_DAYS);
      } else {
        store.remove(USERNAME_KEY);
        store.remove(PASSWORD_KEY);
        store.remove(REMEMBER_KEY);
      }
    },
    /** For the sign-in form: missing cookies, and a password cookie without `rsa:`, give '' / false. */
    loadRememberMe(): RememberMe {
      const password = store.get(PASSWORD_KEY);
      return {
        username: store.get(USERNAME_KEY) ?? '',
        encryptedPassword: isEncrypted(password) ? password : '',
        rememberMe: store.get(REMEMBER_KEY) === 'true',
      };
    },
  };
}

const defaultStorage = createAuthStorage(cookieStore);
export const { getToken, setToken, removeToken, saveRememberMe, loadRememberMe } = defaultStorage;
