/**
 * Expression picker (workflow spec §2 "Expression picker page", §9): a searchable single-select
 * table with a radio per row over the expression library (`flowable.expression.list`), filters
 * 名称 and 状态, page sizes 5 or 10 (default 10), columns 主键 / 名称 / 表达式内容 / 备注, 确定 /
 * 取消. 确定 without a choice warns 请选择表达式.
 */
import { Input } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PickerContent, PickerDialog, PickerTable, usePickerSelection } from '../pickers/picker-kit';
import type { DataColumn } from '../table/DataTable';
import { SearchField, SearchForm } from '../table/SearchForm';
import { StatusSearchField } from '../table/StatusSearchField';
import { useDict } from '../../hooks/useDict';
import { useTRPC } from '../../lib/trpc';
import type { ExpressionRow, PickedExpression } from './types';

export interface ExpressionPickerDialogProps {
  open: boolean;
  onClose(): void;
  /** The chosen row; the dialog then closes itself (calls `onClose`). */
  onSelect(row: PickedExpression): void;
}

/** Message of 确定 with no row chosen. */
export const EXPRESSION_PICK_EMPTY = '请选择表达式';

const COLUMNS: DataColumn<ExpressionRow>[] = [
  { key: 'id', title: '主键', width: 70 },
  { key: 'name', title: '名称', truncate: true, minWidth: 120 },
  { key: 'expression', title: '表达式内容', truncate: true, minWidth: 140 },
  { key: 'remark', title: '备注', truncate: true },
];

const EMPTY = { name: '', status: '' };

function ExpressionPickerBody({ onClose, onSelect }: Omit<ExpressionPickerDialogProps, 'open'>) {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const sel = usePickerSelection<ExpressionRow>({
    value: [],
    rowKey: 'id',
    multiple: false,
    emptyMessage: EXPRESSION_PICK_EMPTY,
    onConfirm: ([row]) => {
      if (!row) return;
      onSelect({ id: row.id, name: row.name, expression: row.expression, dataType: row.dataType ?? null });
      onClose();
    },
  });
  const list = useQuery({
    ...trpc.flowable.expression.list.queryOptions({
      ...page,
      name: filters.name.trim() || undefined,
      status: (filters.status || undefined) as '0' | '1' | undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.rows ?? []) as ExpressionRow[];
  const apply = (next: typeof EMPTY) => {
    setDraft(next);
    setFilters(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  return (
    <PickerContent width="800px" testId="expression-picker" title="选择表达式" saving={sel.saving} onClose={onClose} onConfirm={() => void sel.confirm()}>
      <SearchForm onSearch={() => apply(draft)} onReset={() => apply(EMPTY)} testId="expression-picker-search">
        <SearchField label="名称" w="180px">
          <Input size="sm" name="name" placeholder="请输入名称" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </SearchField>
        <StatusSearchField placeholder="请选择状态" value={draft.status} onChange={(status) => setDraft({ ...draft, status })} options={dict.sys_normal_disable} />
      </SearchForm>
      <PickerTable
        columns={COLUMNS}
        rows={rows}
        rowKey="id"
        loading={list.isFetching}
        sel={sel}
        multiple={false}
        testId="expression-picker-table"
        total={list.data?.total ?? 0}
        page={page}
        onPage={setPage}
      />
    </PickerContent>
  );
}

/** The expression picker dialog (spec §2 "Expression picker page"); mounted only while `open`. */
export function ExpressionPickerDialog({ open, onClose, onSelect }: ExpressionPickerDialogProps) {
  return (
    <PickerDialog open={open} onClose={onClose}>
      <ExpressionPickerBody onClose={onClose} onSelect={onSelect} />
    </PickerDialog>
  );
}
