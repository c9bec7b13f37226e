/**
 * Helper checks (platform spec §5 "Helper checks (URL, e-mail, upper case, lower case,
 * letters-only) exist without a tied screen"; mobile pattern from the profile rules).
 * All functions take a string and return a boolean; non-string input gives false.
 */

const str = (v: unknown): v is string => typeof v === 'string';

/** True for paths that leave the app: `http:`, `https:`, `mailto:` or `tel:` prefixes (RuoYi isExternal). */
export function isExternal(path: string): boolean {
  return str(path) && /^(https?:|mailto:|tel:)/i.test(path);
}

/** True when `url` starts with `http://` or `https://` (external menu links open in a new tab, spec §2). */
export function isHttp(url: string): boolean {
  return str(url) && /^https?:\/\//i.test(url);
}

const URL_RE =
  /^(https?|ftp):\/\/([a-zA-Z0-9.-]+(:[a-zA-Z0-9.&%$-]+)*@)*((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]?)(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+\.(com|edu|gov|int|mil|net|org|biz|arpa|info|name|pro|aero|coop|museum|[a-zA-Z]{2}))(:[0-9]+)*(\/($|[a-zA-Z0-9.,?'\\+&%$#=~_-]+))*$/;

/** RuoYi validURL: http/https/ftp URL with an IPv4 address or a domain with a known TLD. */
export function validURL(url: string): boolean {
  return str(url) && URL_RE.test(url);
}

const EMAIL_RE =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** RuoYi validEmail (profile: 请输入正确的邮箱地址). */
export function validEmail(email: string): boolean {
  return str(email) && EMAIL_RE.test(email);
}

/** Only A-Z, at least one character. */
export function validUpperCase(s: string): boolean {
  return str(s) && /^[A-Z]+$/.test(s);
}

/** Only a-z, at least one character. */
export function validLowerCase(s: string): boolean {
  return str(s) && /^[a-z]+$/.test(s);
}

/** Only ASCII letters, at least one character. */
export function validAlphabets(s: string): boolean {
  return str(s) && /^[A-Za-z]+$/.test(s);
}

/** Mainland mobile number: 11 digits, first 1, second 3-9 (profile: 请输入正确的手机号码). */
export function validMobile(phone: string): boolean {
  return str(phone) && /^1[3-9]\d{9}$/.test(phone);
}
