/**
 * Options of a choice field (spec §3 "Option item", §4 "Form designer" dynamic data): static
 * options normalised, or fetched from the field's url (again when its url/method change, and on
 * `refetch()`, which the widgets call on blur).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { authHeaders } from '../../lib/trpc';
import { optionsFromReply, optionsRequest } from './dynamic-options';
import { fieldOptions, normaliseOptions } from '../../../../shared/form/fields';
import type { FormField, FormOption } from '../../../../shared/form/types';

/** `{options, loading, refetch}` of a field. */
export function useFieldOptions(field: FormField) {
  const request = optionsRequest(field);
  const props = (field.props as { props?: Record<string, string> } | undefined)?.props;
  const staticOptions = useMemo(
    () => normaliseOptions(fieldOptions(field), props?.label, props?.value, props?.children),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(fieldOptions(field)), props?.label, props?.value, props?.children],
  );
  const [fetched, setFetched] = useState<FormOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const key = request ? `${request.method} ${request.url}` : '';

  const load = useCallback(async () => {
    if (!request) return;
    setLoading(true);
    try {
      const res = await fetch(request.url, {
        method: request.method,
        headers: { ...(request.withToken ? authHeaders() : {}), Accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
      setFetched(optionsFromReply(field, await res.json()));
    } catch (e) {
      console.warn('动态选项加载失败', request.url, e);
      setFetched([]);
    } finally {
      setLoading(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, field.__config__.dataPath]);

  useEffect(() => {
    setFetched(null);
    void load();
  }, [load]);

  return { options: request ? (fetched ?? staticOptions) : staticOptions, loading, refetch: request ? () => void load() : () => undefined };
}
