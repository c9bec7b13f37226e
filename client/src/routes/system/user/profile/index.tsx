/**
 * 个人中心 /user/profile (platform spec §2 Profile; RuoYi views/system/user/profile): the 个人信息
 * card (avatar opening 修改头像, 用户名称, 手机号码, 用户邮箱, 所属部门 "dept / posts", 所属角色,
 * 创建日期) and the 基本资料 card with the 基本资料 and 修改密码 tabs. After a nickname or avatar
 * change the session user is reloaded, so the navbar follows.
 */
import { Box, Card, Flex, Grid, Image, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadUserInfo, userStore } from '../../../../lib/stores/user-store';
import { Icon } from '../../../../components/Icon';
import { shownUrl } from '../../../../components/upload/served-file';
import { useTRPC } from '../../../../lib/trpc';
import { AvatarDialog } from './AvatarDialog';
import { closePage } from '../../../../lib/close-page';
import { ResetPwdForm } from './ResetPwdForm';
import { UserInfoForm, type InfoForm } from './UserInfoForm';

function Item({ icon, label, children, testId }: { icon: string; label: string; children: ReactNode; testId: string }) {
  return (
    <Flex justify="space-between" gap="3" py="2.5" borderBottomWidth="1px" borderColor="#e7eaec" fontSize="13px" data-testid={testId}>
      <Flex align="center" gap="1.5" color="#676a6c" flexShrink={0}>
        <Icon menu={icon} />
        {label}
      </Flex>
      <Text textAlign="right" color="#676a6c" wordBreak="break-all">
        {children}
      </Text>
    </Flex>
  );
}

/** Reloads the session user (navbar nickname / avatar); falls back to patching the store. */
async function refreshSession(patch: { nickName?: string; avatar?: string }) {
  const user = userStore.get().user;
  if (user) userStore.set({ user: { ...user, ...patch } });
  await loadUserInfo().catch(() => undefined);
}

export default function Profile() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const location = useLocation();
  const profile = useQuery(trpc.system.profile.get.queryOptions());
  const [tab, setTab] = useState('userinfo');
  const [avatarOpen, setAvatarOpen] = useState(false);
  const data = profile.data;
  const user = data?.data;
  // A plain address (no token in it, issue 11 §4): the file cookie opens it (issue 41 §3).
  const avatar = shownUrl(user?.avatar);
  const close = () => closePage(location.pathname, navigate);
  const info: InfoForm = { nickName: user?.nickName ?? '', phonenumber: user?.phonenumber ?? '', email: user?.email ?? '', sex: user?.sex ?? '' };

  return (
    <Box p="5" data-testid="profile-page">
      <Grid templateColumns={{ base: '1fr', lg: '1fr 3fr' }} gap="5" alignItems="start">
        <Card.Root size="sm" variant="outline" data-testid="profile-card">
          <Card.Header borderBottomWidth="1px" py="3">
            <Text fontSize="sm">个人信息</Text>
          </Card.Header>
          <Card.Body>
            <Flex justify="center" mb="4">
              <Box
                as="button"
                title="点击上传头像"
                aria-label="修改头像"
                w="120px"
                h="120px"
                borderRadius="full"
                overflow="hidden"
                bg="gray.100"
                boxShadow="0 0 4px #ccc"
                cursor="pointer"
                onClick={() => setAvatarOpen(true)}
                data-testid="profile-avatar"
              >
                {avatar ? (
                  <Image src={avatar} alt="头像" w="120px" h="120px" data-testid="profile-avatar-img" />
                ) : (
                  <Flex w="100%" h="100%" align="center" justify="center" fontSize="48px" color="gray.400">
                    <Icon menu="user" />
                  </Flex>
                )}
              </Box>
            </Flex>
            <Item icon="user" label="用户名称" testId="profile-userName">
              {user?.userName}
            </Item>
            <Item icon="phone" label="手机号码" testId="profile-phone">
              {user?.phonenumber}
            </Item>
            <Item icon="email" label="用户邮箱" testId="profile-email">
              {user?.email}
            </Item>
            <Item icon="tree" label="所属部门" testId="profile-dept">
              {user?.dept ? `${user.dept.deptName} / ${data?.postGroup ?? ''}` : ''}
            </Item>
            <Item icon="peoples" label="所属角色" testId="profile-roles">
              {data?.roleGroup}
            </Item>
            <Item icon="date" label="创建日期" testId="profile-createTime">
              {user?.createTime}
            </Item>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm" variant="outline">
          <Card.Header borderBottomWidth="1px" py="3">
            <Text fontSize="sm">基本资料</Text>
          </Card.Header>
          <Card.Body>
            <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)} size="sm" colorPalette="brand">
              <Tabs.List mb="5">
                <Tabs.Trigger value="userinfo">基本资料</Tabs.Trigger>
                <Tabs.Trigger value="resetPwd">修改密码</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="userinfo">
                {user && (
                  <UserInfoForm
                    user={info}
                    onClose={close}
                    onSaved={(f) => {
                      void profile.refetch();
                      void refreshSession({ nickName: f.nickName });
                    }}
                  />
                )}
              </Tabs.Content>
              <Tabs.Content value="resetPwd">
                <ResetPwdForm onClose={close} />
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
      </Grid>
      {avatarOpen && (
        <AvatarDialog
          current={avatar}
          onClose={() => setAvatarOpen(false)}
          onSaved={(imgUrl) => {
            setAvatarOpen(false);
            void profile.refetch();
            void refreshSession({ avatar: imgUrl });
          }}
        />
      )}
    </Box>
  );
}
