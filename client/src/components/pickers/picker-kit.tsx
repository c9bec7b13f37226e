/**
 * Pieces shared by the paged picker dialogs (RolePicker, UserPicker): the selection kept across
 * pages with the 确定 handler (`usePickerSelection`), the table with its 5/10 pager
 * (`PickerTable`), the dialog content frame with title and 取消 / 确定 footer (`PickerContent`)
 * and the outer Dialog.Root (`PickerDialog`).
 *
 * Issue 40 §8: a click anywhere on a row selects it (single: that row; multiple: toggles its
 * checkbox), and 确定 with nothing selected always says what to do (the picker's `emptyMessage`,
 * else PICK_EMPTY) and keeps the dialog open; it never confirms an empty choice.
 */
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { msgWarning } from '../../lib/modal/toaster';
import { Pagination, PICKER_PAGE_SIZES } from '../Pagination';
import { DataTable, type DataColumn } from '../table/DataTable';
import { keyOfRow, mergePageSelection, toggleOne, type RowKey } from '../table/table-utils';

/** 确定 with nothing selected, when the picker names no message of its own. */
export const PICK_EMPTY = '请至少选择一条数据';

/**
 * Picked rows by key (preselected `value`), kept across pages. `onSelection(rows)` is the table's
 * selection handler for the rows of the current page (single mode: the one clicked row);
 * `confirm` warns `emptyMessage` (PICK_EMPTY when absent) and keeps the dialog open when nothing
 * is picked, else awaits `onConfirm` with `saving` on.
 */
export function usePickerSelection<T>(opts: {
  value: T[];
  rowKey: keyof T & string;
  multiple: boolean;
  emptyMessage?: string;
  onConfirm: (picked: T[]) => void | Promise<void>;
}) {
  const { rowKey, multiple } = opts;
  const [picked, setPicked] = useState(() => new Map(opts.value.map((r) => [String(r[rowKey]), r])));
  const [saving, setSaving] = useState(false);
  return {
    picked,
    saving,
    onSelection: (rows: T[]) => (keys: RowKey[]) => {
      if (!multiple) {
        const row = rows.find((r) => String(r[rowKey]) === String(keys[0]));
        setPicked(row ? new Map([[String(row[rowKey]), row]]) : new Map());
        return;
      }
      setPicked((prev) => mergePageSelection(prev, rows, rowKey, keys));
    },
    confirm: async () => {
      const all = [...picked.values()];
      if (all.length === 0) return msgWarning(opts.emptyMessage || PICK_EMPTY);
      setSaving(true);
      try {
        await opts.onConfirm(all);
      } finally {
        setSaving(false);
      }
    },
  };
}

/**
 * A picker's table (checkboxes, or radios when not `multiple`, over `sel`) and its pager
 * (page sizes 5 / 10); `page` / `onPage` are the paging state, `total` the row count. A click on
 * a row selects it: single mode picks that row, multiple mode toggles its checkbox.
 */
export function PickerTable<T>({ columns, rows, rowKey, loading, sel, multiple, testId, total, page, onPage }: {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: keyof T & string;
  loading: boolean;
  sel: { picked: Map<string, T>; onSelection: (rows: T[]) => (keys: RowKey[]) => void };
  multiple: boolean;
  testId: string;
  total: number;
  page: { pageNum: number; pageSize: number };
  onPage: (page: { pageNum: number; pageSize: number }) => void;
}) {
  const clickRow = (row: T) => {
    const key = keyOfRow(row, rowKey);
    const onPage = rows.map((r) => keyOfRow(r, rowKey)).filter((k) => sel.picked.has(String(k)));
    sel.onSelection(rows)(multiple ? toggleOne(key, onPage) : [key]);
  };
  return (
    <>
      <DataTable
        columns={columns}
        data={rows}
        rowKey={rowKey}
        loading={loading}
        selection={{ selectedKeys: [...sel.picked.keys()], onChange: sel.onSelection(rows), mode: multiple ? 'multiple' : 'single' }}
        onRowClick={clickRow}
        testId={testId}
      />
      <Pagination
        total={total}
        page={page.pageNum}
        limit={page.pageSize}
        pageSizes={PICKER_PAGE_SIZES}
        onChange={(pageNum, pageSize) => onPage({ pageNum, pageSize })}
      />
    </>
  );
}

/** Dialog.Content of a picker: `title`, body `children`, footer 取消 / 确定 (`${testId}-confirm`). */
export function PickerContent({ width, testId, title, saving, onClose, onConfirm, children }: {
  width: string;
  testId: string;
  title: string;
  saving: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Content maxW={width} w={width} data-testid={testId}>
      <Dialog.Header>
        <Dialog.Title fontSize="md">{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Button size="sm" variant="outline" onClick={onClose}>
          取消
        </Button>
        <Button size="sm" colorPalette="brand" loading={saving} onClick={onConfirm} data-testid={`${testId}-confirm`}>
          确定
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="关闭" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

/** Centred picker dialog, mounted only while `open`; closing (×, Esc) calls `onClose`. */
export function PickerDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" closeOnInteractOutside={false} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{open && children}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
