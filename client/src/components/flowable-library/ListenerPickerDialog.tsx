/**
 * Listener picker (workflow spec §2 "Flow listener list", "Workflow task-listener editor" → the
 * 'built-in listeners' dialog, §9: 900 px wide, page sizes 5 and 10): a multi-select table of the
 * enabled rows of the listener library (`flowable.listener.list` with status 0), search 名称 and
 * 监听类型, columns 名称 / 监听类型 / 事件类型 / 值类型 / 执行内容 (a registered handler as
 * 名称（id）). With `type` the 监听类型 filter
 * is fixed to it (a task-listener editor passes '1'). 确定 without a choice warns 请选择监听器.
 */
import { Input } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DictTag } from '../dict/DictTag';
import { PickerContent, PickerDialog, PickerTable, usePickerSelection } from '../pickers/picker-kit';
import type { DataColumn } from '../table/DataTable';
import { SearchField, SearchForm } from '../table/SearchForm';
import { useDict } from '../../hooks/useDict';
import { useTRPC } from '../../lib/trpc';
import { handlerText } from '../../../../shared/bpmn/handler-labels';
import { EVENT_TYPE_LABELS, LISTENER_TYPE_LABELS, optionsOf, valueTypeOptions } from './options';
import type { ListenerRow, ListenerType, PickedListener } from './types';
import { DictSelect } from '../form/OptionSelect';

export interface ListenerPickerDialogProps {
  open: boolean;
  onClose(): void;
  /** Only listeners of this type ('1' task, '2' execution); the type filter is then fixed. */
  type?: ListenerType;
  /** The chosen rows; the dialog then closes itself (calls `onClose`). */
  onSelect(rows: PickedListener[]): void;
}

/** Message of 确定 with no row chosen. */
export const LISTENER_PICK_EMPTY = '请选择监听器';

/** The listener dictionaries with the local labels as fallback. */
export function useListenerDicts() {
  const d = useDict('sys_listener_type', 'sys_listener_event_type', 'sys_listener_value_type');
  return {
    type: optionsOf(Object.keys(LISTENER_TYPE_LABELS), LISTENER_TYPE_LABELS, d.sys_listener_type),
    eventType: optionsOf(Object.keys(EVENT_TYPE_LABELS), EVENT_TYPE_LABELS, d.sys_listener_event_type),
    valueType: valueTypeOptions(d.sys_listener_value_type),
  };
}

/** 名称 / 监听类型 / 事件类型 / 值类型 / 执行内容 columns shared by the picker and the list screen. */
export function listenerColumns(dicts: ReturnType<typeof useListenerDicts>): DataColumn<ListenerRow>[] {
  return [
    { key: 'name', title: '名称', truncate: true, minWidth: 120 },
    { key: 'type', title: '监听类型', width: 100, render: (r) => <DictTag options={dicts.type} value={r.type} /> },
    { key: 'eventType', title: '事件类型', width: 100, render: (r) => <DictTag options={dicts.eventType} value={r.eventType} /> },
    { key: 'valueType', title: '值类型', width: 110, render: (r) => <DictTag options={dicts.valueType} value={r.valueType} /> },
    // A registered handler reads by its Chinese name, its id beside it (issue 40 §9).
    { key: 'value', title: '执行内容', truncate: true, minWidth: 200, render: (r) => handlerText(r.value) },
  ];
}

function ListenerPickerBody({ onClose, onSelect, type }: Omit<ListenerPickerDialogProps, 'open'>) {
  const trpc = useTRPC();
  const dicts = useListenerDicts();
  const empty = { name: '', type: type ?? '' };
  const [draft, setDraft] = useState(empty);
  const [filters, setFilters] = useState(empty);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const sel = usePickerSelection<ListenerRow>({
    value: [],
    rowKey: 'id',
    multiple: true,
    emptyMessage: LISTENER_PICK_EMPTY,
    onConfirm: (rows) => {
      onSelect(rows.map((r) => ({ id: r.id, name: r.name, type: r.type, eventType: r.eventType, valueType: r.valueType, value: r.value })));
      onClose();
    },
  });
  const list = useQuery({
    ...trpc.flowable.listener.list.queryOptions({
      ...page,
      name: filters.name.trim() || undefined,
      type: (filters.type || undefined) as ListenerType | undefined,
      status: '0',
    }),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.rows ?? []) as ListenerRow[];
  const apply = (next: typeof empty) => {
    setDraft(next);
    setFilters(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  return (
    <PickerContent width="900px" testId="listener-picker" title="选择监听器" saving={sel.saving} onClose={onClose} onConfirm={() => void sel.confirm()}>
      <SearchForm onSearch={() => apply(draft)} onReset={() => apply(empty)} testId="listener-picker-search">
        <SearchField label="名称" w="180px">
          <Input size="sm" name="name" placeholder="请输入名称" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </SearchField>
        <SearchField label="监听类型" w="180px">
          <DictSelect name="type" placeholder="请选择监听类型" options={dicts.type} value={draft.type} onChange={(t) => setDraft({ ...draft, type: t })} disabled={!!type} w="100%" />
        </SearchField>
      </SearchForm>
      <PickerTable
        columns={listenerColumns(dicts)}
        rows={rows}
        rowKey="id"
        loading={list.isFetching}
        sel={sel}
        multiple
        testId="listener-picker-table"
        total={list.data?.total ?? 0}
        page={page}
        onPage={setPage}
      />
    </PickerContent>
  );
}

/** The listener picker dialog (900 px, spec §2/§9); mounted only while `open`. */
export function ListenerPickerDialog({ open, onClose, onSelect, type }: ListenerPickerDialogProps) {
  return (
    <PickerDialog open={open} onClose={onClose}>
      <ListenerPickerBody onClose={onClose} onSelect={onSelect} type={type} />
    </PickerDialog>
  );
}
