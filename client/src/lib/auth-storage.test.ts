import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, createAuthStorage, getToken, loadRememberMe, removeToken, saveRememberMe, setToken, type CookieStore } from './auth-storage';

function memoryStore() {
  const map = new Map<string, { v: string; days?: number }>();
  const store: CookieStore = {
    get: (k) => map.get(k)?.v,
    set: (k, v, days) => void map.set(k, { v, days }),
    remove: (k) => void map.delete(k),
  };
  return { map, store };
}

describe('createAuthStorage: token', () => {
  it('stores the token under rs-token without expiry', () => {
    const { map, store } = memoryStore();
    const auth = createAuthStorage(store);
    expect(TOKEN_KEY).toBe('rs-token');
    expect(auth.getToken()).toBeUndefined();
    auth.setToken('abc.def');
    expect(map.get('rs-token')).toEqual({ v: 'abc.def', days: undefined });
    expect(auth.getToken()).toBe('abc.def');
    auth.removeToken();
    expect(auth.getToken()).toBeUndefined();
  });
});

describe('createAuthStorage: remember-me (issue 38 §7: no password stored, not even encrypted)', () => {
  it('keeps the username and the flag for 30 days, and no password cookie', () => {
    const { map, store } = memoryStore();
    const auth = createAuthStorage(store);
    auth.saveRememberMe({ username: 'admin', rememberMe: true });
    expect([...map.keys()].sort()).toEqual(['rememberMe', 'username']);
    expect(map.get('username')).toEqual({ v: 'admin', days: 30 });
    expect(map.get('rememberMe')).toEqual({ v: 'true', days: 30 });
    expect(auth.loadRememberMe()).toEqual({ username: 'admin', rememberMe: true });
  });
  it('removes them when remember-me is off, leaving the token alone', () => {
    const { map, store } = memoryStore();
    const auth = createAuthStorage(store);
    auth.setToken('t');
    auth.saveRememberMe({ username: 'admin', rememberMe: true });
    auth.saveRememberMe({ username: 'admin', rememberMe: false });
    expect([...map.keys()]).toEqual(['rs-token']);
    expect(auth.loadRememberMe()).toEqual({ username: '', rememberMe: false });
  });
  it('erases a password cookie left by an earlier version (an rsa: ciphertext) on load and on save, and never reads it', () => {
    for (const action of ['load', 'save'] as const) {
      const { map, store } = memoryStore();
      const auth = createAuthStorage(store);
      store.set('username', 'admin', 30);
      store.set('rememberMe', 'true', 30);
      store.set('password', 'rsa:XYZ==', 30);
      const read = action === 'load' ? auth.loadRememberMe() : (auth.saveRememberMe({ username: 'admin', rememberMe: true }), auth.loadRememberMe());
      expect(read).toEqual({ username: 'admin', rememberMe: true });
      expect(JSON.stringify(read)).not.toContain('rsa:');
      expect(map.has('password')).toBe(false);
    }
  });
  it('reads a non-"true" flag as false', () => {
    const { store } = memoryStore();
    store.set('rememberMe', 'false');
    store.set('username', 'ry');
    expect(createAuthStorage(store).loadRememberMe()).toEqual({ username: 'ry', rememberMe: false });
  });
});

/** A fake document.cookie jar that understands the attributes js-cookie writes. */
function fakeDocument() {
  const jar = new Map<string, { value: string; expires?: Date; attrs: string }>();
  const doc = {
    get cookie() {
      const now = Date.now();
      return [...jar].filter(([, c]) => !c.expires || c.expires.getTime() > now).map(([k, c]) => `${k}=${c.value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const i = pair.indexOf('=');
      const expiresAttr = attrs.find((a) => a.toLowerCase().startsWith('expires='));
      const expires = expiresAttr ? new Date(expiresAttr.slice(8)) : undefined;
      jar.set(pair.slice(0, i), { value: pair.slice(i + 1), expires, attrs: attrs.join('; ') });
    },
  };
  return { jar, doc };
}

describe('default js-cookie-backed functions', () => {
  let fake: ReturnType<typeof fakeDocument>;
  beforeEach(() => {
    fake = fakeDocument();
    vi.stubGlobal('document', fake.doc);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('writes the token as a session cookie on path /', () => {
    setToken('tok 1');
    expect(getToken()).toBe('tok 1');
    const c = fake.jar.get('rs-token')!;
    expect(c.expires).toBeUndefined();
    expect(c.attrs).toContain('path=/');
    removeToken();
    expect(getToken()).toBeUndefined();
  });
  it('writes remember-me cookies that expire in 30 days', () => {
    const before = Date.now();
    saveRememberMe({ username: '张三', rememberMe: true });
    expect(loadRememberMe()).toEqual({ username: '张三', rememberMe: true });
    expect(fake.doc.cookie).not.toContain('password=');
    const days = (fake.jar.get('username')!.expires!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    saveRememberMe({ username: '张三', rememberMe: false });
    expect(loadRememberMe()).toEqual({ username: '', rememberMe: false });
  });
});
