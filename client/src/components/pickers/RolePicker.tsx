/**
 * Role picker dialog (platform spec §2 "Pickers": paged role table, page size 5, options 5 and
 * 10): search by 角色名称 / 权限字符, table 角色编号 / 角色名称 / 权限字符 / 显示顺序 / 创建时间
 * (system.role.list = GET /system/role/list), single or multiple selection kept across pages.
 *
 * Props:
 * - `open: boolean`, `onClose(): void`.
 * - `onConfirm(roles: PickedRole[]): void | Promise<void>` (the dialog stays open until you call
 *   `onClose`).
 * - `multiple?: boolean` (true), `value?: PickedRole[]` (preselected), `title?: string` ('选择角色'),
 *   `emptyMessage?: string` ('请选择角色': the warning on 确定 with nothing selected; the dialog
 *   stays open), `status?: '0' | '1'`. A click on a row selects it (issue 40 §8; picker-kit).
 */
import { Input } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import type { DataColumn } from '../table/DataTable';
import { SearchField, SearchForm } from '../table/SearchForm';
import { PickerContent, PickerDialog, PickerTable, usePickerSelection } from './picker-kit';

export interface PickedRole {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort?: number | null;
  status?: string | null;
  createTime?: string | null;
}

export interface RolePickerProps {
  open: boolean;
  onClose: () => void;
  onConfirm: (roles: PickedRole[]) => void | Promise<void>;
  multiple?: boolean;
  value?: PickedRole[];
  title?: string;
  emptyMessage?: string;
  status?: '0' | '1';
}

/** 确定 with no role selected, unless the caller names its own message. */
export const PICK_ROLE_EMPTY = '请选择角色';

const toPicked = (r: PickedRole): PickedRole => ({
  roleId: r.roleId, roleName: r.roleName, roleKey: r.roleKey, roleSort: r.roleSort ?? null, status: r.status ?? null,
  createTime: r.createTime ?? null,
});

const COLUMNS: DataColumn<PickedRole>[] = [
  { key: 'roleId', title: '角色编号', width: 90 },
  { key: 'roleName', title: '角色名称', truncate: true },
  { key: 'roleKey', title: '权限字符', truncate: true },
  { key: 'roleSort', title: '显示顺序', width: 90 },
  { key: 'createTime', title: '创建时间', width: 170 },
];

function RolePickerBody({ onClose, onConfirm, multiple = true, value = [], title = '选择角色', emptyMessage = PICK_ROLE_EMPTY, status }: Omit<RolePickerProps, 'open'>) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState({ roleName: '', roleKey: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 5 });
  const sel = usePickerSelection<PickedRole>({ value, rowKey: 'roleId', multiple, emptyMessage, onConfirm });

  const list = useQuery({
    ...trpc.system.role.list.queryOptions({
      ...page,
      roleName: filters.roleName.trim() || undefined,
      roleKey: filters.roleKey.trim() || undefined,
      status,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.rows ?? []).map((r) => toPicked(r as PickedRole));

  const search = () => {
    setFilters(draft);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const reset = () => {
    setDraft({ roleName: '', roleKey: '' });
    setFilters({ roleName: '', roleKey: '' });
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  return (
    <PickerContent width="800px" testId="role-picker" title={title} saving={sel.saving} onClose={onClose} onConfirm={() => void sel.confirm()}>
      <SearchForm onSearch={search} onReset={reset} testId="role-picker-search">
        <SearchField label="角色名称">
          <Input size="sm" w="160px" placeholder="请输入角色名称" value={draft.roleName} onChange={(e) => setDraft({ ...draft, roleName: e.target.value })} />
        </SearchField>
        <SearchField label="权限字符">
          <Input size="sm" w="160px" placeholder="请输入权限字符" value={draft.roleKey} onChange={(e) => setDraft({ ...draft, roleKey: e.target.value })} />
        </SearchField>
      </SearchForm>
      <PickerTable
        columns={COLUMNS}
        rows={rows}
        rowKey="roleId"
        loading={list.isFetching}
        sel={sel}
        multiple={multiple}
        testId="role-picker-table"
        total={list.data?.total ?? 0}
        page={page}
        onPage={setPage}
      />
    </PickerContent>
  );
}

/** The role picker dialog, mounted only while `open`; see the file comment for the props. */
export function RolePicker({ open, onClose, ...rest }: RolePickerProps) {
  return (
    <PickerDialog open={open} onClose={onClose}>
      <RolePickerBody onClose={onClose} {...rest} />
    </PickerDialog>
  );
}
