/**
 * Dynamic options of a select / radio / checkbox / cascader (spec §4 "Form designer": data
 * fetched from a url with method get/post/put/delete and read at `dataPath`; spec §7 "Designer
 * data calls"). Relative urls go to the API with the bearer token; other hosts get no token.
 */
import { API_BASE } from '../../lib/trpc';
import { normaliseOptions, readPath } from './fields';
import type { FormField, FormOption } from './types';

export interface OptionsRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** True when the bearer token may be sent (same origin). */
  withToken: boolean;
}

/** The request of a field with `__config__.dataType === 'dynamic'` and a url, else null. */
export function optionsRequest(field: FormField, origin = globalThis.location?.origin ?? 'http://localhost'): OptionsRequest | null {
  const config = field.__config__;
  if (config.dataType !== 'dynamic' || typeof config.url !== 'string' || !config.url.trim()) return null;
  const raw = config.url.trim();
  const m = String(config.method ?? 'get').toUpperCase();
  const method = (['GET', 'POST', 'PUT', 'DELETE'].includes(m) ? m : 'GET') as OptionsRequest['method'];
  if (/^https?:\/\//i.test(raw)) {
    let same = false;
    try {
      same = new URL(raw).origin === origin;
    } catch {
      same = false;
    }
    return { url: raw, method, withToken: same };
  }
  const path = raw.startsWith('/') ? raw : `/${raw}`;
  return { url: path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`, method, withToken: true };
}

/** Options out of a reply: the value at `dataPath` (the whole reply when none), normalised; [] when not a list. */
export function optionsFromReply(field: FormField, reply: unknown): FormOption[] {
  const data = readPath(reply, field.__config__.dataPath);
  const props = (field.props as { props?: Record<string, string> } | undefined)?.props;
  return normaliseOptions(data, props?.label ?? 'label', props?.value ?? 'value', props?.children ?? 'children');
}
