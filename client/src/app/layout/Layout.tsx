/**
 * The layout shell (platform spec §2 "Layout shell"): sidebar, navbar, tag bar, main area and
 * settings drawer. Tracks the route for the page title and the tag bar, and the window width
 * for the device mode (mobile below 992 px).
 */
import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { HOME_MENU } from '../../lib/navigation/menu';
import { useCurrentHandle } from '../../lib/navigation/route-context';
import { MOBILE_WIDTH, closeSidebar, setDevice, useApp } from '../../lib/stores/app-store';
import { setPageTitle, useSettings } from '../../lib/stores/settings-store';
import { addView, initAffixViews } from '../../lib/stores/tags-store';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { Settings } from './Settings';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../lib/layout-vars';

function useDeviceTracking() {
  useEffect(() => {
    const onResize = () => {
      if (document.hidden) return;
      const mobile = window.innerWidth < MOBILE_WIDTH;
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
}

function useRouteTracking() {
  const location = useLocation();
  const handle = useCurrentHandle();
  const { tagsView } = useSettings();
  const { device, sidebarOpened } = useApp();

  useEffect(() => {
    const home = HOME_MENU.children[0];
    initAffixViews([{ path: home.path, fullPath: home.path, title: home.title, affix: true }]);
  }, []);

  useEffect(() => {
    if (!handle) return;
    setPageTitle(handle.title);
    if (tagsView && handle.title) {
      addView({
        path: location.pathname,
        fullPath: location.pathname + location.search,
        title: handle.title,
        noCache: handle.noCache,
        affix: handle.affix,
      });
    }
  }, [handle, location.pathname, location.search, tagsView]);

  useEffect(() => {
    if (device === 'mobile' && sidebarOpened) closeSidebar(false);
    // Only on navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
}

export function Layout() {
  const { sidebarOpened, sidebarHide, device, withoutAnimation } = useApp();
  const { tagsView, fixedHeader } = useSettings();
  useDeviceTracking();
  useRouteTracking();
  const mobile = device === 'mobile';
  const offset = sidebarHide || mobile ? 0 : sidebarOpened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  return (
    <Box minH="100vh" position="relative" data-testid="layout">
      {mobile && sidebarOpened && !sidebarHide && (
        <Box position="fixed" inset="0" bg="blackAlpha.400" zIndex="999" onClick={() => closeSidebar(false)} data-testid="sidebar-backdrop" />
      )}
      {!sidebarHide && <Sidebar />}
      <Box ml={`${offset}px`} minH="100vh" transition={withoutAnimation ? 'none' : 'margin-left .28s'} position="relative">
        <Box position={fixedHeader ? 'sticky' : 'relative'} top="0" zIndex="9" bg="white">
          <Navbar />
          {tagsView && <TagsView />}
        </Box>
        <AppMain />
      </Box>
      <Settings />
    </Box>
  );
}
