/**
 * Main area with keep-alive (platform spec §2 "Tag bar"): views whose route is cached stay
 * mounted and hidden (React <Activity>) while another tab is shown, so filters, page and
 * scroll survive; noCache views remount on every visit. A cached view is dropped when its
 * tab is closed or refreshed.
 */
import { Box } from '@chakra-ui/react';
import { Activity, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet, type Location } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { ViewErrorBoundary } from '../../components/ViewErrorBoundary';
import { useCurrentHandle } from '../../lib/navigation/route-context';
import { useSettings } from '../../lib/stores/settings-store';
import { useTags } from '../../lib/stores/tags-store';
import { NAVBAR_HEIGHT, TAGS_HEIGHT } from '../../lib/layout-vars';

interface Entry {
  element: ReactNode;
  location: Location;
}

function Frozen({ location, children }: { location: Location; children: ReactNode }) {
  const navigationType = useNavigationType();
  return <UNSAFE_LocationContext.Provider value={{ location, navigationType }}>{children}</UNSAFE_LocationContext.Provider>;
}

export function AppMain() {
  const outlet = useOutlet();
  const location = useLocation();
  const handle = useCurrentHandle();
  const { cached } = useTags();
  const { tagsView } = useSettings();
  const cache = useRef(new Map<string, Entry>());
  const scroll = useRef(new Map<string, number>());
  const key = location.pathname;
  const current = useRef(key);

  const cacheable = tagsView && !!handle && !handle.noCache;
  if (cacheable && outlet) cache.current.set(key, { element: outlet, location });
  for (const k of [...cache.current.keys()]) {
    if (k !== key && !cached.includes(k)) cache.current.delete(k);
    if (!tagsView) cache.current.delete(k);
  }

  // Remember the window scroll per view and restore it when the view is shown again. The
  // position is taken while rendering the switch (the DOM still shows the old view); scroll
  // events are ignored until the new view is in place, as hiding a view clamps the scroll.
  const switching = useRef(false);
  if (current.current !== key && !switching.current) {
    scroll.current.set(current.current, window.scrollY);
    switching.current = true;
  }
  useEffect(() => {
    const onScroll = () => {
      if (!switching.current) scroll.current.set(current.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    current.current = key;
    window.scrollTo(0, cache.current.has(key) ? scroll.current.get(key) ?? 0 : 0);
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => (switching.current = false)));
    return () => cancelAnimationFrame(frame);
  }, [key]);

  const minH = `calc(100vh - ${NAVBAR_HEIGHT + (tagsView ? TAGS_HEIGHT : 0)}px)`;
  return (
    <Box as="main" position="relative" minH={minH} overflow="hidden" data-testid="app-main">
      {[...cache.current.entries()].map(([k, entry]) => (
        <Activity key={k} mode={k === key ? 'visible' : 'hidden'}>
          <Box data-view={k}>
            <ViewErrorBoundary>
              <Suspense fallback={<PageLoading />}>
                <Frozen location={entry.location}>{entry.element}</Frozen>
              </Suspense>
            </ViewErrorBoundary>
          </Box>
        </Activity>
      ))}
      {!(cacheable && outlet) && (
        <Box key={`nc:${key}`} data-view={key}>
          <ViewErrorBoundary>
            <Suspense fallback={<PageLoading />}>{outlet}</Suspense>
          </ViewErrorBoundary>
        </Box>
      )}
    </Box>
  );
}
