/**
 * Query/form encoding and Content-Disposition parsing for REST calls and downloads (RuoYi's
 * tansParams and download plugin).
 */
export type Params = Record<string, unknown>;

/** Serialises params RuoYi-style: nested objects become `key[sub]=value`; empty values are skipped. */
export function encodeParams(params: Params = {}): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, v] of Object.entries(value as Params)) {
        if (v === null || v === undefined || v === '') continue;
        parts.push(`${encodeURIComponent(`${key}[${sub}]`)}=${encodeURIComponent(String(v))}`);
      }
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

/** File name from a Content-Disposition header (RFC 5987 `filename*` first), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*("?)([^";]+)\1/.exec(header);
  return plain ? decodeURIComponent(plain[2].trim()) : null;
}

