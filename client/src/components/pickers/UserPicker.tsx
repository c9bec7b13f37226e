/**
 * User picker dialog (platform spec §2 "Pickers", §9 page sizes): dept tree on the left with a
 * 请输入部门名称 filter (system.user.deptTree = GET /system/user/deptTree), search by 用户名称 and
 * 手机号码, table 用户编号 / 登录账号 / 用户名称 / 部门 / 手机号码 (system.user.list =
 * GET /system/user/list), single or multiple selection kept across pages, page size 5 (5/10).
 *
 * Props:
 * - `open: boolean`, `onClose(): void`.
 * - `onConfirm(users: PickedUser[]): void | Promise<void>`: 确定 with the selection; the dialog
 *   closes itself only if you call `onClose` (so a failed save can keep it open).
 * - `multiple?: boolean` (true); false = radios, one user.
 * - `value?: PickedUser[]`: preselected users.
 * - `title?: string` ('选择用户'), `emptyMessage?: string` ('请选择用户'): 确定 with nothing
 *   selected shows it as a warning (e.g. 请选择要分配的用户) and keeps the dialog open.
 * A click on a row selects it (issue 40 §8; picker-kit).
 * - `status?: '0' | '1'`: only users with that status (e.g. '0' normal).
 */
import { Box, Flex, Input } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import type { DataColumn } from '../table/DataTable';
import { SearchField, SearchForm } from '../table/SearchForm';
import { PickerContent, PickerDialog, PickerTable, usePickerSelection } from './picker-kit';
import { Tree } from '../tree/Tree';
import type { TreeKey, TreeNode } from '../tree/tree-utils';

export interface PickedUser {
  userId: number;
  userName: string;
  nickName: string;
  deptName?: string | null;
  phonenumber?: string | null;
  email?: string | null;
}

export interface UserPickerProps {
  open: boolean;
  onClose: () => void;
  onConfirm: (users: PickedUser[]) => void | Promise<void>;
  multiple?: boolean;
  value?: PickedUser[];
  title?: string;
  emptyMessage?: string;
  status?: '0' | '1';
}

interface UserRowLike {
  userId: number;
  userName: string;
  nickName: string;
  phonenumber?: string | null;
  email?: string | null;
  dept?: { deptName?: string | null } | null;
}

/** 确定 with no user selected, unless the caller names its own message. */
export const PICK_USER_EMPTY = '请选择用户';

const toPicked = (u: UserRowLike): PickedUser => ({
  userId: u.userId, userName: u.userName, nickName: u.nickName, deptName: u.dept?.deptName ?? null,
  phonenumber: u.phonenumber ?? null, email: u.email ?? null,
});

const COLUMNS: DataColumn<PickedUser>[] = [
  { key: 'userId', title: '用户编号', width: 90 },
  { key: 'userName', title: '登录账号', truncate: true },
  { key: 'nickName', title: '用户名称', truncate: true },
  { key: 'deptName', title: '部门', truncate: true },
  { key: 'phonenumber', title: '手机号码', width: 120 },
];

function UserPickerBody({ onClose, onConfirm, multiple = true, value = [], title = '选择用户', emptyMessage = PICK_USER_EMPTY, status }: Omit<UserPickerProps, 'open'>) {
  const trpc = useTRPC();
  const [deptText, setDeptText] = useState('');
  const [draft, setDraft] = useState({ userName: '', phonenumber: '' });
  const [filters, setFilters] = useState({ userName: '', phonenumber: '', deptId: undefined as TreeKey | undefined });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 5 });
  const sel = usePickerSelection<PickedUser>({ value, rowKey: 'userId', multiple, emptyMessage, onConfirm });

  const depts = useQuery(trpc.system.user.deptTree.queryOptions());
  const list = useQuery({
    ...trpc.system.user.list.queryOptions({
      ...page,
      userName: filters.userName.trim() || undefined,
      phonenumber: filters.phonenumber.trim() || undefined,
      deptId: filters.deptId === undefined ? undefined : Number(filters.deptId),
      status,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.rows ?? []).map((u) => toPicked(u as UserRowLike));

  const search = () => {
    setFilters((f) => ({ ...f, ...draft }));
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const reset = () => {
    setDraft({ userName: '', phonenumber: '' });
    setFilters({ userName: '', phonenumber: '', deptId: undefined });
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  return (
    <PickerContent width="1000px" testId="user-picker" title={title} saving={sel.saving} onClose={onClose} onConfirm={() => void sel.confirm()}>
      <Flex gap="4" align="flex-start">
        <Box w="220px" flexShrink={0}>
          <Input size="sm" mb="2" placeholder="请输入部门名称" aria-label="部门名称" value={deptText} onChange={(e) => setDeptText(e.target.value)} />
          <Tree
            data={(depts.data ?? []) as TreeNode[]}
            filterText={deptText}
            defaultExpandAll
            selectedKey={filters.deptId ?? null}
            onSelect={(node) => {
              setFilters((f) => ({ ...f, deptId: node.id }));
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
            maxH="420px"
            testId="user-picker-depts"
          />
        </Box>
        <Box flex="1" minW="0">
          <SearchForm onSearch={search} onReset={reset} testId="user-picker-search">
            <SearchField label="用户名称">
              <Input size="sm" w="160px" placeholder="请输入用户名称" value={draft.userName} onChange={(e) => setDraft({ ...draft, userName: e.target.value })} />
            </SearchField>
            <SearchField label="手机号码">
              <Input size="sm" w="160px" placeholder="请输入手机号码" value={draft.phonenumber} onChange={(e) => setDraft({ ...draft, phonenumber: e.target.value })} />
            </SearchField>
          </SearchForm>
          <PickerTable
            columns={COLUMNS}
            rows={rows}
            rowKey="userId"
            loading={list.isFetching}
            sel={sel}
            multiple={multiple}
            testId="user-picker-table"
            total={list.data?.total ?? 0}
            page={page}
            onPage={setPage}
          />
        </Box>
      </Flex>
    </PickerContent>
  );
}

/** The user picker dialog, mounted only while `open`; see the file comment for the props. */
export function UserPicker({ open, onClose, ...rest }: UserPickerProps) {
  return (
    <PickerDialog open={open} onClose={onClose}>
      <UserPickerBody onClose={onClose} {...rest} />
    </PickerDialog>
  );
}
