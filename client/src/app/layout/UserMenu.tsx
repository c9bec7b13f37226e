/**
 * Department and nickname, and the avatar dropdown 个人中心 / 布局设置 / 退出登录. Logout asks
 * 确定注销并退出系统吗？ (title 提示) and then reloads the base path (platform spec §2).
 */
import { Avatar, Box, Flex, Menu, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { confirm } from '../../lib/modal/confirm';
import { shownUrl } from '../../components/upload/served-file';
import { setSettingsPanel } from '../../lib/stores/settings-store';
import { logoutAndReload, useUser } from '../../lib/stores/user-store';

/** Asks for confirmation, then logs out and reloads the base path. */
export async function confirmLogout() {
  const ok = await confirm({ title: '提示', message: '确定注销并退出系统吗？', type: 'warning' });
  if (ok) await logoutAndReload();
}

export function UserMenu() {
  const { user } = useUser();
  const navigate = useNavigate();
  const deptName = user?.dept?.deptName;
  // A plain address: the file cookie set at sign-in opens served files for an <img> (issue 41 §3).
  const avatar = shownUrl(user?.avatar);
  return (
    <Flex align="center" gap="2" pl="2" pr="3" h="50px">
      <Text fontSize="sm" color="#5a5e66" whiteSpace="nowrap" data-testid="nav-user" hideBelow="md">
        {deptName ? `${deptName} / ` : ''}
        {user?.nickName}
      </Text>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={(d) => {
          if (d.value === 'profile') navigate('/user/profile');
          else if (d.value === 'settings') setSettingsPanel(true);
          else if (d.value === 'logout') void confirmLogout();
        }}
      >
        <Menu.Trigger asChild>
          <Box as="button" cursor="pointer" display="flex" alignItems="center" gap="1" data-testid="avatar-menu">
            <Avatar.Root size="sm" shape="rounded">
              <Avatar.Fallback name={user?.nickName || user?.userName || ''} />
              {avatar && <Avatar.Image src={avatar} alt="头像" data-testid="nav-avatar-img" />}
            </Avatar.Root>
            <Box as="span" fontSize="10px" color="#5a5e66">
              ▼
            </Box>
          </Box>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="120px">
              <Menu.Item value="profile">个人中心</Menu.Item>
              <Menu.Item value="settings">布局设置</Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout">退出登录</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
