/**
 * Sidebar (platform spec §2 "Layout shell"): 200px, dark or light theme, logo 财税管理系统
 * linking to /index, collapsible to icons (54px), a drawer on mobile. In top-nav mode it
 * shows the chosen top menu's children.
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Icon } from '../../components/Icon';
import { HOME_PATH, findMenuChain, type MenuItem } from '../../lib/navigation/menu';
import { useCurrentHandle, useRouteInfo } from '../../lib/navigation/route-context';
import { toggleSidebar, useApp } from '../../lib/stores/app-store';
import { APP_TITLE, useSettings } from '../../lib/stores/settings-store';
import { SidebarItem } from './SidebarItem';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, SIDE_THEMES } from '../../lib/layout-vars';

/** Menus the sidebar shows: all of them, or in top-nav mode the chosen top menu's children. */
export function useSidebarMenus(): MenuItem[] {
  const { menus } = useRouteInfo();
  const { topNav } = useSettings();
  const { topMenu } = useApp();
  return useMemo(() => {
    if (!topNav || !topMenu) return menus;
    const top = menus.find((m) => m.path === topMenu);
    return top ? top.children : menus;
  }, [menus, topNav, topMenu]);
}

function Logo({ collapsed, color, bg }: { collapsed: boolean; color: string; bg: string }) {
  return (
    <RouterLink to={HOME_PATH} data-testid="sidebar-logo">
      <Flex h="50px" align="center" justify="center" bg={bg} gap="2" overflow="hidden" px="2">
        <Flex w="28px" h="28px" borderRadius="md" bg="brand.solid" color="white" align="center" justify="center" fontWeight="bold" fontSize="14px" flexShrink={0}>
          税
        </Flex>
        {!collapsed && (
          <Text color={color} fontWeight="600" fontSize="14px" whiteSpace="nowrap">
            {APP_TITLE}
          </Text>
        )}
      </Flex>
    </RouterLink>
  );
}

export function Sidebar() {
  const { sidebarOpened, device, withoutAnimation } = useApp();
  const { sideTheme, sidebarLogo, theme } = useSettings();
  const menus = useSidebarMenus();
  const handle = useCurrentHandle();
  const { pathname } = useLocation();
  const activePath = handle?.activeMenu ?? pathname;
  const colors = SIDE_THEMES[sideTheme] ?? SIDE_THEMES['theme-dark'];
  const mobile = device === 'mobile';
  const collapsed = !sidebarOpened && !mobile;
  const [openKeys, setOpenKeys] = useState<Set<string>>(new Set());

  useEffect(() => {
    const chain = findMenuChain(menus, activePath);
    if (chain.length > 1) setOpenKeys((prev) => new Set([...prev, ...chain.slice(0, -1).map((m) => m.path)]));
  }, [menus, activePath]);

  const onToggle = (path: string) => {
    if (collapsed) {
      toggleSidebar();
      setOpenKeys((prev) => new Set([...prev, path]));
      return;
    }
    setOpenKeys((prev) => {
      const next = new Set(prev);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  };

  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Box
      as="aside"
      data-testid="sidebar"
      position="fixed"
      top="0"
      bottom="0"
      left="0"
      zIndex="1001"
      w={`${width}px`}
      bg={colors.bg}
      boxShadow={sideTheme === 'theme-light' ? '2px 0 6px rgba(0,21,41,.15)' : undefined}
      transform={mobile && !sidebarOpened ? `translateX(-${SIDEBAR_WIDTH}px)` : undefined}
      transition={withoutAnimation ? 'none' : 'width .28s, transform .28s'}
      overflowX="hidden"
      overflowY="auto"
      css={{ scrollbarWidth: 'thin' }}
    >
      {sidebarLogo && <Logo collapsed={collapsed} color={colors.logoText} bg={colors.logoBg} />}
      <Box as="nav" pb="4">
        {menus.map((item) => (
          <SidebarItem
            key={item.path || 'home'}
            item={item}
            depth={0}
            activePath={activePath}
            collapsed={collapsed}
            colors={colors}
            theme={theme}
            openKeys={openKeys}
            onToggle={onToggle}
          />
        ))}
      </Box>
      {menus.length === 0 && (
        <Flex color={colors.text} justify="center" pt="4">
          <Icon menu="document" />
        </Flex>
      )}
    </Box>
  );
}
