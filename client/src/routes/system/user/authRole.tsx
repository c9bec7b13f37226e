/**
 * 分配角色 /system/user-auth/role/{userId} (platform spec §2 "Role authorization screens";
 * RuoYi views/system/user/authRole.vue): 基本信息 with the read-only 用户昵称 and 登录账号, 角色信息
 * with the role table paged on the client (序号, 角色编号, 角色名称, 权限字符, 创建时间; assigned
 * roles preselected; a row click toggles it), 提交 → 授权成功 and back to /system/user, 返回.
 */
import { Box, Button, Field, Flex, Grid, Heading, Input } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { delView } from '../../../lib/stores/tags-store';
import { MSG } from '../../../components/feedback/messages';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import type { RowKey } from '../../../components/table/table-utils';
import { useTRPC } from '../../../lib/trpc';
import type { AuthRoleReply } from './types';

type RoleItem = AuthRoleReply['roles'][number];

function ReadOnly({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <Field.Root orientation="horizontal" gap="3">
      <Field.Label w="80px" justifyContent="flex-end" fontWeight="bold" color="#606266" mb="0">
        {label}
      </Field.Label>
      <Input size="sm" name={name} value={value} disabled readOnly />
    </Field.Root>
  );
}

export default function AuthRole() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = Number(useParams().userId);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [picked, setPicked] = useState<RowKey[] | null>(null);
  const reply = useQuery(trpc.system.user.authRole.queryOptions({ userId }));
  const save = useMutation(trpc.system.user.saveAuthRole.mutationOptions());

  const roles = reply.data?.roles ?? [];
  const selected = picked ?? roles.filter((r) => r.flag).map((r) => r.roleId);
  const rows = roles.slice((page.pageNum - 1) * page.pageSize, page.pageNum * page.pageSize);
  const user = reply.data?.user;

  const close = () => {
    delView(location.pathname);
    navigate('/system/user');
  };
  const submit = () =>
    save.mutate(
      { userId, roleIds: selected.map(Number) },
      {
        onSuccess: () => {
          msgSuccess(MSG.auth);
          close();
        },
      },
    );
  const toggle = (r: RoleItem) =>
    setPicked(selected.includes(r.roleId) ? selected.filter((k) => k !== r.roleId) : [...selected, r.roleId]);

  const columns: DataColumn<RoleItem>[] = [
    { key: 'index', title: '序号', width: 55, render: (_r, i) => (page.pageNum - 1) * page.pageSize + i + 1 },
    { key: 'roleId', title: '角色编号' },
    { key: 'roleName', title: '角色名称' },
    { key: 'roleKey', title: '权限字符' },
    { key: 'createTime', title: '创建时间', width: 180 },
  ];

  return (
    <Box p="5" data-testid="auth-role">
      <Heading as="h4" size="sm" color="#6379bb" borderBottomWidth="1px" borderColor="#ddd" pb="1.5" mb="5">
        基本信息
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 420px))' }} gap="4" justifyContent="center" mb="6">
        <ReadOnly label="用户昵称" name="nickName" value={user?.nickName ?? ''} />
        <ReadOnly label="登录账号" name="userName" value={user?.userName ?? ''} />
      </Grid>
      <Heading as="h4" size="sm" color="#6379bb" borderBottomWidth="1px" borderColor="#ddd" pb="1.5" mb="4">
        角色信息
      </Heading>
      <DataTable
        columns={columns}
        data={rows}
        rowKey="roleId"
        loading={reply.isFetching}
        onRowClick={toggle}
        selection={{ selectedKeys: selected, onChange: (keys) => setPicked(keys) }}
        testId="auth-role-table"
      />
      <Pagination total={roles.length} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      <Flex justify="center" gap="3" mt="8">
        <Button size="sm" colorPalette="brand" onClick={submit} loading={save.isPending} disabled={!reply.data}>
          提交
        </Button>
        <Button size="sm" variant="outline" onClick={close}>
          返回
        </Button>
      </Flex>
    </Box>
  );
}
