/**
 * The right panel's fetch of a cascader's dynamic data (spec §4 "Form designer": fetched from the
 * url on blur of 接口地址 and when 请求方式 changes; spec §7 "Designer data calls", narrowed by issue
 * 38 §1 to GET from the declared option sources). Reuses the
 * renderer's request building and reply reading (form-render/dynamic-options.ts) and, unlike the
 * renderer, reports failures so the panel can show them.
 */
import { REQUEST_TIMEOUT, authHeaders } from '../../../lib/trpc';
import { optionsConsumer } from '../../../../../shared/form/fields';
import { optionsFromReply, optionsRefusal, optionsRequest } from '../../../components/form-render/dynamic-options';
import type { FormField, FormOption } from '../../../../../shared/form/types';
import { setIn } from './edit';

/** Outcome of a fetch: the options, or the error text to show. */
export type FetchOutcome = { ok: true; options: FormOption[] } | { ok: false; error: string };

/**
 * Fetches the field's dynamic data (`__config__.url`, `method`, `dataPath`, `props.props` keys),
 * only by GET from an allowed option source (issue 38 §1, shared/form/option-sources.ts).
 * Never throws: no url → '请输入接口地址'; another method or url → its refusal, nothing fetched
 * ('请求方式只能是 GET', '接口地址不是允许的数据源：<url>'); HTTP status ≥ 400 → '请求失败：<status>'; a reply that is
 * not JSON or has no list at dataPath → '返回的数据不是列表'; network/timeout → '请求失败：<message>'.
 */
export async function fetchDynamicOptions(field: FormField, fetcher: typeof fetch = fetch): Promise<FetchOutcome> {
  const request = optionsRequest(field);
  if (!request) return { ok: false, error: optionsRefusal(field) ?? '请输入接口地址' };
  try {
    const res = await fetcher(request.url, {
      method: request.method,
      headers: { ...(request.withToken ? authHeaders() : {}), Accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT),
    });
    if (!res.ok) return { ok: false, error: `请求失败：${res.status}` };
    let reply: unknown;
    try {
      reply = await res.json();
    } catch {
      return { ok: false, error: '返回的数据不是列表' };
    }
    const data = field.__config__.dataPath ? dataAt(reply, field.__config__.dataPath) : reply;
    if (!Array.isArray(data)) return { ok: false, error: '返回的数据不是列表' };
    return { ok: true, options: optionsFromReply(field, reply) };
  } catch (e) {
    return { ok: false, error: `请求失败：${e instanceof Error ? e.message : String(e)}` };
  }
}

function dataAt(reply: unknown, path: string): unknown {
  return path.split('.').filter(Boolean).reduce<unknown>((cur, k) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined), reply);
}

/** A copy of the field with `options` written where its data goes (`__config__.dataConsumer`, else `options` for a cascader). */
export function withFetchedOptions(field: FormField, options: FormOption[]): FormField {
  return setIn(field, optionsConsumer(field).split('.'), options);
}
