/**
 * Switches read from config entries at the moment of use, so a change takes effect without a
 * restart (reference §1: captcha on unless the entry says otherwise; register only when "true").
 */
import type { AppDeps } from '../../../core/deps';
import { getConfigValue } from './config.repo';

/** `CAPTCHA_ENABLED` when set, else `sys.account.captchaEnabled` (missing/blank → true). */
export function isCaptchaEnabled(deps: Pick<AppDeps, 'db' | 'env'>): boolean {
  if (deps.env.CAPTCHA_ENABLED !== undefined) return deps.env.CAPTCHA_ENABLED;
  const v = getConfigValue(deps.db, 'sys.account.captchaEnabled');
  return v === undefined || v.trim() === '' ? true : v.trim() === 'true';
}

/** `sys.account.registerUser` == "true". */
export function isRegisterEnabled(deps: Pick<AppDeps, 'db'>): boolean {
  return getConfigValue(deps.db, 'sys.account.registerUser')?.trim() === 'true';
}

/** `sys.login.blackIPList`: `;`-separated addresses, `*` wildcards or IPv4 CIDR blocks. */
export function isBlockedIp(deps: Pick<AppDeps, 'db'>, ip: string): boolean {
  const list = getConfigValue(deps.db, 'sys.login.blackIPList') ?? '';
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
