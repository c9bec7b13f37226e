/**
 * Dynamic options of a select / radio / checkbox / cascader (spec §4 "Form designer": data
 * fetched from a url and read at `dataPath`). A stored form is shown to other people, whose token
 * the request would carry, so these are read-only lookups (issue 38 §1): method GET only, and only
 * one of the option sources the server declares (shared/form/option-sources.ts). Any other method,
 * any other path, and any absolute url (another origin included) is dropped: nothing is fetched.
 */
import { API_BASE } from '../../lib/trpc';
import { checkOptionSource } from '../../../../shared/form/option-sources';
import { normaliseOptions, readPath } from '../../../../shared/form/fields';
import type { FormField, FormOption } from '../../../../shared/form/types';

export interface OptionsRequest {
  /** `/caishui-api/<source path>[?query]`. */
  url: string;
  /** Always GET (issue 38 §1). */
  method: 'GET';
  /** Always true: only the API's own read rows are ever fetched. */
  withToken: true;
}

/**
 * The request of a field with `__config__.dataType === 'dynamic'` and a url, or null when there is
 * nothing to fetch or the url/method is not an allowed read-only source (issue 38 §1).
 */
export function optionsRequest(field: FormField): OptionsRequest | null {
  const config = field.__config__;
  if (config.dataType !== 'dynamic' || typeof config.url !== 'string' || !config.url.trim()) return null;
  const check = checkOptionSource(config.url, config.method);
  if (!check.ok) return null;
  return { url: `${API_BASE}${check.path}${check.search}`, method: 'GET', withToken: true };
}

/**
 * Why a dynamic field fetches nothing although it has a url (for the designer's panel): the
 * Chinese message of shared/form checkOptionSource (`请求方式只能是 GET`, `接口地址不是允许的数据源：<url>`),
 * or null when it is fetched or has no url.
 */
export function optionsRefusal(field: FormField): string | null {
  const config = field.__config__;
  if (typeof config.url !== 'string' || !config.url.trim()) return null;
  const check = checkOptionSource(config.url, config.method);
  return check.ok ? null : check.message;
}

/** Options out of a reply: the value at `dataPath` (the whole reply when none), normalised; [] when not a list. */
export function optionsFromReply(field: FormField, reply: unknown): FormOption[] {
  const data = readPath(reply, field.__config__.dataPath);
  const props = (field.props as { props?: Record<string, string> } | undefined)?.props;
  return normaliseOptions(data, props?.label ?? 'label', props?.value ?? 'value', props?.children ?? 'children');
}
