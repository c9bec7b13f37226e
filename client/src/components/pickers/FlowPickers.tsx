/**
 * User and role pickers of the workflow dialogs (workflow spec §4 "Completion recipient rule",
 * §2 delegate "choose a user"; reference §6: RuoYi-flowable's flowUser / flowRole components read
 * `/flowable/definition/userList` and `/roleList`, which need only a session — so a handler
 * without the user-admin menu or with a narrow data scope can still pick anyone). Because any
 * session may call it, `userList` answers id, account, nick name and dept of enabled users only
 * (no phone number or e-mail, issue 11 §3). Search by 用户名称 / 用户昵称 (users) or 角色名称
 * (roles), pages of 5 / 10, selection kept across pages, normal-status entries only. Same props
 * and defaults as the shared UserPicker / RolePicker (a row click selects; 确定 with nothing
 * selected warns 请选择用户 / 请选择角色 unless `emptyMessage` says otherwise).
 */
import { Input } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PICK_ROLE_EMPTY, type PickedRole, type RolePickerProps } from './RolePicker';
import { PICK_USER_EMPTY, type PickedUser, type UserPickerProps } from './UserPicker';
import { PickerContent, PickerDialog, PickerTable, usePickerSelection } from './picker-kit';
import type { DataColumn } from '../table/DataTable';
import { SearchField, SearchForm } from '../table/SearchForm';
import { useTRPC } from '../../lib/trpc';

const USER_COLUMNS: DataColumn<PickedUser>[] = [
  { key: 'userId', title: '用户编号', width: 90 },
  { key: 'userName', title: '登录账号', truncate: true },
  { key: 'nickName', title: '用户名称', truncate: true },
  { key: 'deptName', title: '部门', truncate: true },
];
const ROLE_COLUMNS: DataColumn<PickedRole>[] = [
  { key: 'roleId', title: '角色编号', width: 90 },
  { key: 'roleName', title: '角色名称', truncate: true },
  { key: 'roleKey', title: '权限字符', truncate: true },
];

const pageOf = <T,>(rows: T[], p: { pageNum: number; pageSize: number }) => rows.slice((p.pageNum - 1) * p.pageSize, p.pageNum * p.pageSize);

function UserBody({ onClose, onConfirm, multiple = true, value = [], title = '选择用户', emptyMessage = PICK_USER_EMPTY }: Omit<UserPickerProps, 'open'>) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState({ userName: '', nickName: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 5 });
  const sel = usePickerSelection<PickedUser>({ value, rowKey: 'userId', multiple, emptyMessage, onConfirm });
  const list = useQuery({
    ...trpc.flowable.definition.userList.queryOptions({ userName: filters.userName.trim() || undefined, nickName: filters.nickName.trim() || undefined }),
    placeholderData: keepPreviousData,
  });
  const all = useMemo(() => (list.data ?? []).map((u): PickedUser => ({
    userId: u.userId, userName: u.userName, nickName: u.nickName, deptName: u.deptName ?? null,
  })), [list.data]);
  const search = () => { setFilters(draft); setPage((p) => ({ ...p, pageNum: 1 })); };
  const reset = () => { const e = { userName: '', nickName: '' }; setDraft(e); setFilters(e); setPage((p) => ({ ...p, pageNum: 1 })); };
  return (
    <PickerContent width="860px" testId="flow-user-picker" title={title} saving={sel.saving} onClose={onClose} onConfirm={() => void sel.confirm()}>
      <SearchForm onSearch={search} onReset={reset} testId="flow-user-picker-search">
        <SearchField label="用户名称">
          <Input size="sm" w="160px" placeholder="请输入用户名称" value={draft.userName} onChange={(e) => setDraft({ ...draft, userName: e.target.value })} />
        </SearchField>
        <SearchField label="用户昵称">
          <Input size="sm" w="160px" placeholder="请输入用户昵称" value={draft.nickName} onChange={(e) => setDraft({ ...draft, nickName: e.target.value })} />
        </SearchField>
      </SearchForm>
      <PickerTable columns={USER_COLUMNS} rows={pageOf(all, page)} rowKey="userId" loading={list.isFetching} sel={sel} multiple={multiple}
        testId="flow-user-picker-table" total={all.length} page={page} onPage={setPage} />
    </PickerContent>
  );
}

function RoleBody({ onClose, onConfirm, multiple = true, value = [], title = '选择角色', emptyMessage = PICK_ROLE_EMPTY }: Omit<RolePickerProps, 'open'>) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 5 });
  const sel = usePickerSelection<PickedRole>({ value, rowKey: 'roleId', multiple, emptyMessage, onConfirm });
  const list = useQuery(trpc.flowable.definition.roleList.queryOptions());
  const all = useMemo(() => (list.data ?? [])
    .filter((r) => r.status !== '1' && (!filter || r.roleName.includes(filter)))
    .map((r): PickedRole => ({ roleId: r.roleId, roleName: r.roleName, roleKey: r.roleKey, status: r.status })), [list.data, filter]);
  const search = () => { setFilter(draft.trim()); setPage((p) => ({ ...p, pageNum: 1 })); };
  const reset = () => { setDraft(''); setFilter(''); setPage((p) => ({ ...p, pageNum: 1 })); };
  return (
    <PickerContent width="720px" testId="flow-role-picker" title={title} saving={sel.saving} onClose={onClose} onConfirm={() => void sel.confirm()}>
      <SearchForm onSearch={search} onReset={reset} testId="flow-role-picker-search">
        <SearchField label="角色名称">
          <Input size="sm" w="160px" placeholder="请输入角色名称" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </SearchField>
      </SearchForm>
      <PickerTable columns={ROLE_COLUMNS} rows={pageOf(all, page)} rowKey="roleId" loading={list.isFetching} sel={sel} multiple={multiple}
        testId="flow-role-picker-table" total={all.length} page={page} onPage={setPage} />
    </PickerContent>
  );
}

/** Users from `flowable.definition.userList`; see the file comment. */
export function FlowUserPicker({ open, onClose, ...rest }: UserPickerProps) {
  return <PickerDialog open={open} onClose={onClose}><UserBody onClose={onClose} {...rest} /></PickerDialog>;
}

/** Roles from `flowable.definition.roleList`; see the file comment. */
export function FlowRolePicker({ open, onClose, ...rest }: RolePickerProps) {
  return <PickerDialog open={open} onClose={onClose}><RoleBody onClose={onClose} {...rest} /></PickerDialog>;
}
