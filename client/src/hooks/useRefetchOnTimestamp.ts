/**
 * Refetch on `?t=<timestamp>`: the way a screen that closes back to a list asks that list to
 * reload (workflow spec §2 routes), used by the task lists, 流程定义 and 代码生成.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Refetches when the route comes back with a new `?t=<timestamp>` (workflow spec §2 routes: a
 * finished detail closes to /task/finished?t=…, a failing record load to /task/process?t=…, a
 * saved model to /flowable/definition?t=…), also when the view was kept alive.
 */
export function useRefetchOnTimestamp(refetch: () => unknown) {
  const [params] = useSearchParams();
  const t = params.get('t');
  const latest = useRef(refetch);
  latest.current = refetch;
  /** The first load fetches anyway; only a later change of `t` refetches. */
  const seen = useRef(t);
  useEffect(() => {
    if (t && t !== seen.current) void latest.current();
    seen.current = t;
  }, [t]);
}
