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
 *   `emptyMessage?: string` (warning on 确定 with nothing selected), `status?: '0' | '1'`.
 */
import { Button, CloseButton, Dialog, Input, Portal } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { msgWarning } from '../feedback/toaster';
import { Pagination, PICKER_PAGE_SIZES } from '../Pagination';
import { DataTable, type DataColumn } from '../table/DataTable';
import { SearchField, SearchForm } from '../table/SearchForm';
import { mergePageSelection, type RowKey } from '../table/table-utils';

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

function RolePickerBody({ onClose, onConfirm, multiple = true, value = [], title = '选择角色', emptyMessage, status }: Omit<RolePickerProps, 'open'>) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState({ roleName: '', roleKey: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 5 });
  const [picked, setPicked] = useState(() => new Map(value.map((r) => [String(r.roleId), r])));
  const [saving, setSaving] = useState(false);

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
  const onSelection = (keys: RowKey[]) => {
    if (!multiple) {
      const row = rows.find((r) => String(r.roleId) === String(keys[0]));
      setPicked(row ? new Map([[String(row.roleId), row]]) : new Map());
      return;
    }
    setPicked((prev) => mergePageSelection(prev, rows, 'roleId', keys));
  };
  const confirm = async () => {
    const roles = [...picked.values()];
    if (roles.length === 0 && emptyMessage) return msgWarning(emptyMessage);
    setSaving(true);
    try {
      await onConfirm(roles);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Content maxW="800px" w="800px" data-testid="role-picker">
      <Dialog.Header>
        <Dialog.Title fontSize="md">{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <SearchForm onSearch={search} onReset={reset} testId="role-picker-search">
          <SearchField label="角色名称">
            <Input size="sm" w="160px" placeholder="请输入角色名称" value={draft.roleName} onChange={(e) => setDraft({ ...draft, roleName: e.target.value })} />
          </SearchField>
          <SearchField label="权限字符">
            <Input size="sm" w="160px" placeholder="请输入权限字符" value={draft.roleKey} onChange={(e) => setDraft({ ...draft, roleKey: e.target.value })} />
          </SearchField>
        </SearchForm>
        <DataTable
          columns={COLUMNS}
          data={rows}
          rowKey="roleId"
          loading={list.isFetching}
          selection={{ selectedKeys: [...picked.keys()], onChange: onSelection, mode: multiple ? 'multiple' : 'single' }}
          testId="role-picker-table"
        />
        <Pagination
          total={list.data?.total ?? 0}
          page={page.pageNum}
          limit={page.pageSize}
          pageSizes={PICKER_PAGE_SIZES}
          onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        />
      </Dialog.Body>
      <Dialog.Footer>
        <Button size="sm" variant="outline" onClick={onClose}>
          取消
        </Button>
        <Button size="sm" colorPalette="brand" loading={saving} onClick={() => void confirm()} data-testid="role-picker-confirm">
          确定
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

export function RolePicker({ open, onClose, ...rest }: RolePickerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" closeOnInteractOutside={false} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{open && <RolePickerBody onClose={onClose} {...rest} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
