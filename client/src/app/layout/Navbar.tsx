/**
 * Navbar (platform spec §2): hamburger, breadcrumbs (or the top navigation), menu search,
 * fullscreen, size select, department / nickname and the avatar dropdown.
 */
import { Flex, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH } from '../../lib/navigation/menu';
import { toggleSidebar, useApp } from '../../lib/stores/app-store';
import { APP_TITLE, useSettings } from '../../lib/stores/settings-store';
import { Breadcrumbs } from './Breadcrumbs';
import { MenuSearch } from './MenuSearch';
import { NavIconButton } from './NavIconButton';
import { ScreenfullButton, SizeSelect } from './NavTools';
import { TopNav } from './TopNav';
import { UserMenu } from './UserMenu';
import { NAVBAR_HEIGHT } from '../../lib/layout-vars';

export function Navbar() {
  const { sidebarOpened, sidebarHide, device } = useApp();
  const { topNav, sidebarLogo } = useSettings();
  return (
    <Flex
      as="header"
      h={`${NAVBAR_HEIGHT}px`}
      bg="white"
      align="center"
      boxShadow="0 1px 4px rgba(0,21,41,.08)"
      position="relative"
      data-testid="navbar"
    >
      {topNav && sidebarHide && sidebarLogo && (
        <RouterLink to={HOME_PATH}>
          <Text px="4" fontWeight="600" color="#303133" whiteSpace="nowrap" data-testid="navbar-logo">
            {APP_TITLE}
          </Text>
        </RouterLink>
      )}
      {!(topNav && sidebarHide) && (
        <NavIconButton
          label={sidebarOpened ? '收起菜单' : '展开菜单'}
          icon={sidebarOpened ? 'hamburger' : 'hamburger-open'}
          onClick={toggleSidebar}
          px="3.5"
          data-testid="hamburger"
        />
      )}
      <Flex flex="1" minW="0" align="center" overflow="hidden">
        {topNav && device !== 'mobile' ? <TopNav /> : <Breadcrumbs />}
      </Flex>
      <Flex align="center" flexShrink={0}>
        {device !== 'mobile' && (
          <>
            <MenuSearch />
            <ScreenfullButton />
            <SizeSelect />
          </>
        )}
        <UserMenu />
      </Flex>
    </Flex>
  );
}
