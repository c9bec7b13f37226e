/**
 * Top navigation (platform spec §2): the visible top-level menus; the sidebar shows the
 * chosen one's children; external http links open in a new tab. floor(bodyWidth / 3 / 85)
 * entries are shown, the rest sit under 更多菜单.
 */
import { Box, Flex, Menu, Portal } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../components/Icon';
import { findMenuChain, firstVisiblePath, isExternalMenu, menuQuery, visibleChildren, type MenuItem } from '../../lib/navigation/menu';
import { useCurrentHandle, useRouteInfo } from '../../lib/navigation/route-context';
import { setSidebarHide, setTopMenu, useApp } from '../../lib/stores/app-store';
import { useSettings } from '../../lib/stores/settings-store';
import { onlyChildOf } from './SidebarItem';

/** Number of top entries that fit: a third of the body width divided by 85. */
export function visibleTopCount(bodyWidth: number): number {
  return Math.floor(bodyWidth / 3 / 85);
}

interface TopEntry {
  key: string;
  title: string;
  icon?: string;
  menu: MenuItem;
  /** Leaf to open directly (no sidebar children). */
  leaf?: MenuItem;
}

function topEntries(menus: MenuItem[]): TopEntry[] {
  return menus
    .filter((m) => !m.hidden)
    .map((m) => {
      const only = onlyChildOf(m);
      const leaf = only ?? undefined;
      return { key: m.path || leaf?.path || m.title, title: leaf?.title || m.title, icon: leaf?.icon || m.icon, menu: m, leaf };
    });
}

export function TopNav() {
  const { menus } = useRouteInfo();
  const { theme } = useSettings();
  const { topMenu } = useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const handle = useCurrentHandle();
  const [width, setWidth] = useState(document.body.getBoundingClientRect().width);
  const entries = useMemo(() => topEntries(menus), [menus]);
  const count = visibleTopCount(width);

  useEffect(() => {
    const onResize = () => setWidth(document.body.getBoundingClientRect().width);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Follow the route: the top entry holding the current page becomes active.
  const activePath = handle?.activeMenu ?? pathname;
  useEffect(() => {
    const chain = findMenuChain(menus, activePath);
    const top = chain[0];
    if (!top) return;
    const entry = entries.find((e) => e.menu === top);
    setTopMenu(top.path);
    setSidebarHide(!!entry?.leaf);
  }, [menus, entries, activePath]);

  const select = (entry: TopEntry) => {
    if (entry.leaf && isExternalMenu(entry.leaf)) {
      window.open(entry.leaf.path, '_blank', 'noopener');
      return;
    }
    if (entry.leaf) {
      setTopMenu(entry.menu.path);
      setSidebarHide(true);
      navigate(entry.leaf.path + menuQuery(entry.leaf));
      return;
    }
    setTopMenu(entry.menu.path);
    setSidebarHide(false);
    const first = firstVisiblePath(visibleChildren(entry.menu));
    if (first) navigate(first);
  };

  const shown = entries.slice(0, Math.max(count, 1));
  const more = entries.slice(shown.length);
  const isActive = (e: TopEntry) => e.menu.path === topMenu;

  return (
    <Flex h="50px" align="stretch" overflow="hidden" data-testid="top-nav">
      {shown.map((e) => (
        <Flex
          key={e.key}
          as="button"
          align="center"
          gap="1.5"
          px="3"
          fontSize="14px"
          color={isActive(e) ? theme : '#303133'}
          borderBottom="2px solid"
          borderColor={isActive(e) ? theme : 'transparent'}
          onClick={() => select(e)}
          whiteSpace="nowrap"
        >
          <Icon menu={e.icon} />
          {e.title}
        </Flex>
      ))}
      {more.length > 0 && (
        <Menu.Root onSelect={(d) => select(more.find((e) => e.key === d.value)!)}>
          <Menu.Trigger asChild>
            <Box as="button" px="3" fontSize="14px" color="#303133">
              更多菜单 ▾
            </Box>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {more.map((e) => (
                  <Menu.Item key={e.key} value={e.key}>
                    <Icon menu={e.icon} />
                    {e.title}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </Flex>
  );
}
