/**
 * 分配用户 /system/role-auth/user/{roleId} (platform spec §2 "Role authorization screens";
 * RuoYi views/system/role/authUser.vue): search 用户名称, 手机号码; 添加用户 (选择用户 dialog),
 * 批量取消授权 (是否取消选中用户授权数据项？), 关闭 (→ /system/role); paged table 用户名称, 用户昵称,
 * 邮箱, 手机, 状态, 创建时间 with a per-row 取消授权 (确认要取消该用户"{name}"角色吗？).
 */
import { Box, Button, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { delView } from '../../../lib/stores/tags-store';
import { cancelUserRoleText, CANCEL_SELECTED_AUTH_TEXT, confirmWarning, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { DictTag } from '../../../components/dict/DictTag';
import { Pagination } from '../../../components/Pagination';
import { HasPermi } from '../../../components/Permission';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import type { RowKey } from '../../../components/table/table-utils';
import { Icon } from '../../../components/Icon';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import type { AuthUserRow } from './types';
import { RowButton } from '../../../components/table/RowButton';
import { SelectUserDialog } from './SelectUserDialog';

const EMPTY = { userName: '', phonenumber: '' };

export default function AuthUser() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const location = useLocation();
  const roleId = Number(useParams().roleId);
  const dict = useDict('sys_normal_disable');
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    ...trpc.system.role.allocatedList.queryOptions({
      roleId, ...page, userName: filters.userName.trim() || undefined, phonenumber: filters.phonenumber.trim() || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const cancelOne = useMutation(trpc.system.role.cancelAuthUser.mutationOptions());
  const cancelAll = useMutation(trpc.system.role.cancelAuthUserAll.mutationOptions());
  const refresh = () => void list.refetch();

  const afterCancel = (ids: RowKey[]) => () => {
    msgSuccess(MSG.cancelAuth);
    setSelected((s) => s.filter((k) => !ids.includes(k)));
    refresh();
  };
  const cancelRow = async (r: AuthUserRow) => {
    if (!(await confirmWarning(cancelUserRoleText(r.userName)))) return;
    cancelOne.mutate({ roleId, userId: r.userId }, { onSuccess: afterCancel([r.userId]) });
  };
  const cancelSelected = async () => {
    if (!(await confirmWarning(CANCEL_SELECTED_AUTH_TEXT))) return;
    cancelAll.mutate({ roleId, userIds: selected.map(Number) }, { onSuccess: afterCancel(selected) });
  };
  const close = () => {
    delView(location.pathname);
    navigate('/system/role');
  };

  const columns: DataColumn<AuthUserRow>[] = [
    { key: 'userName', title: '用户名称', truncate: true },
    { key: 'nickName', title: '用户昵称', truncate: true },
    { key: 'email', title: '邮箱', truncate: true },
    { key: 'phonenumber', title: '手机', truncate: true },
    { key: 'status', title: '状态', render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status} /> },
    { key: 'createTime', title: '创建时间', width: 180 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <HasPermi value={['system:role:remove']}>
          <RowButton icon="close" onClick={() => void cancelRow(r)} testId="row-cancel-auth">
            取消授权
          </RowButton>
        </HasPermi>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="auth-user">
      <SearchForm
        show={showSearch}
        onSearch={() => {
          setFilters(draft);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        testId="auth-user-search"
      >
        <SearchField label="用户名称" w="200px">
          <Input size="sm" name="userName" placeholder="请输入用户名称" value={draft.userName} onChange={(e) => setDraft({ ...draft, userName: e.target.value })} />
        </SearchField>
        <SearchField label="手机号码" w="200px">
          <Input size="sm" name="phonenumber" placeholder="请输入手机号码" value={draft.phonenumber} onChange={(e) => setDraft({ ...draft, phonenumber: e.target.value })} />
        </SearchField>
      </SearchForm>
      <ToolbarButtons right={<RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh} />}>
        <PermButton perm="system:role:add" icon="plus" onClick={() => setAdding(true)} testId="btn-add-user">
          添加用户
        </PermButton>
        <PermButton perm="system:role:remove" tone="danger" icon="close" disabled={selected.length === 0} onClick={() => void cancelSelected()} testId="btn-cancel-all">
          批量取消授权
        </PermButton>
        <Button size="xs" variant="subtle" colorPalette="orange" onClick={close} data-testid="btn-close">
          <Icon name="close" />
          关闭
        </Button>
      </ToolbarButtons>
      <DataTable
        columns={columns}
        data={list.data?.rows ?? []}
        rowKey="userId"
        loading={list.isFetching}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="allocated-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      {adding && <SelectUserDialog roleId={roleId} onClose={() => setAdding(false)} onDone={refresh} />}
    </Box>
  );
}
