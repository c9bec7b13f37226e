/**
 * One sidebar entry (RuoYi's SidebarItem): a directory with one visible child shows that
 * child directly unless alwaysShow; external http links open in a new tab.
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Icon } from '../../components/Icon';
import { isExternalMenu, menuQuery, visibleChildren, type MenuItem } from '../../lib/navigation/menu';
import type { SideColors } from '../../lib/layout-vars';

export interface SidebarItemProps {
  item: MenuItem;
  depth: number;
  activePath: string;
  collapsed: boolean;
  colors: SideColors;
  theme: string;
  openKeys: Set<string>;
  onToggle: (path: string) => void;
}

/** The entry to show for a directory with a single visible child, or null. */
export function onlyChildOf(item: MenuItem): MenuItem | null {
  const shown = visibleChildren(item);
  if (shown.length === 1 && !shown[0].children.some((c) => !c.hidden) && !item.alwaysShow) return shown[0];
  if (shown.length === 0 && !item.alwaysShow) return item;
  return null;
}

function containsPath(item: MenuItem, path: string): boolean {
  return item.path === path || item.children.some((c) => containsPath(c, path));
}

function ItemLink({ item, children }: { item: MenuItem; children: ReactNode }) {
  if (isExternalMenu(item)) {
    return (
      <a href={item.path} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <RouterLink to={item.path + menuQuery(item)}>{children}</RouterLink>;
}

function Row(props: { icon?: string; title: string; depth: number; active: boolean; colors: SideColors; theme: string; collapsed: boolean; bg: string; arrow?: 'open' | 'closed' }) {
  const { colors, depth, collapsed } = props;
  const [hover, setHover] = useState(false);
  return (
    <Flex
      h="50px"
      align="center"
      pl={collapsed && depth === 0 ? '20px' : `${20 + depth * 20}px`}
      pr="4"
      gap="2.5"
      cursor="pointer"
      fontSize="14px"
      bg={hover ? colors.hover : props.bg}
      color={props.active ? props.theme : colors.text}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      title={collapsed && depth === 0 ? props.title : undefined}
      whiteSpace="nowrap"
      overflow="hidden"
    >
      <Icon menu={props.icon} fontSize="16px" />
      {!(collapsed && depth === 0) && (
        <>
          <Text flex="1" truncate>
            {props.title}
          </Text>
          {props.arrow && (
            <Box as="span" fontSize="10px" transform={props.arrow === 'open' ? 'rotate(180deg)' : undefined} transition="transform .2s">
              ▼
            </Box>
          )}
        </>
      )}
    </Flex>
  );
}

/** Renders an entry and, for open directories, its children. */
export function SidebarItem(props: SidebarItemProps) {
  const { item, depth, activePath, collapsed, colors, openKeys, onToggle } = props;
  if (item.hidden) return null;
  const bg = depth > 0 ? colors.subBg : colors.bg;
  const only = onlyChildOf(item);
  if (only) {
    return (
      <ItemLink item={only}>
        <Row
          icon={only.icon || item.icon}
          title={only.title || item.title}
          depth={depth}
          active={only.path === activePath}
          colors={colors}
          theme={props.theme}
          collapsed={collapsed}
          bg={bg}
        />
      </ItemLink>
    );
  }
  const open = openKeys.has(item.path) && !(collapsed && depth === 0);
  return (
    <Box data-menu={item.path}>
      <Box onClick={() => onToggle(item.path)}>
        <Row
          icon={item.icon}
          title={item.title}
          depth={depth}
          active={collapsed && containsPath(item, activePath)}
          colors={colors}
          theme={props.theme}
          collapsed={collapsed}
          bg={bg}
          arrow={open ? 'open' : 'closed'}
        />
      </Box>
      {open &&
        item.children.map((child) => <SidebarItem key={child.path} {...props} item={child} depth={depth + 1} />)}
    </Box>
  );
}
