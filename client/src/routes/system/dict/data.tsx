/**
 * 字典数据 (hidden route /system/dict-data/index/:dictId → component system/dict/data; platform
 * spec §2 "Dictionary data", §4, §5, §8; RuoYi views/system/dict/data.vue). Search 字典名称 (a
 * select of every type, pre-set from the dictId), 字典标签, 状态; toolbar 新增, 修改, 删除, 导出,
 * 关闭 (back to /system/dict); the data table (字典标签 as a tag of its listClass/cssClass), paging
 * and the 500px add/edit dialog. Every change drops the client's cached dictionary of that type.
 */
import { Box, Button } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { delView } from '../../../lib/stores/tags-store';
import { DictTag } from '../../../components/dict/DictTag';
import { exportExcel } from '../../../components/feedback/actions';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { RowKey } from '../../../components/table/table-utils';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { Icon } from '../../../components/Icon';
import { toDictOptions } from '../../../hooks/dict-cache';
import { dropDictCache, useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useTRPC } from '../../../lib/trpc';
import { DictDataDialog } from './DictDataDialog';
import { listQuery, TextSearchField } from '../../../components/table/search-kit';
import { EditRemoveCell } from '../../../components/table/RowButton';
import { DictSelect, OptionSelect } from '../../../components/form/OptionSelect';
import type { DictDataRow } from './types';

interface Filters {
  dictType: string;
  dictLabel: string;
  status: string;
}

const toInput = (f: Filters) => {
  const q = listQuery({ ...f });
  return { ...q, status: q.status as '0' | '1' | undefined };
};

export default function DictDataList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dictId = Number(useParams().dictId ?? 0);
  const dict = useDict('sys_normal_disable');
  const types = useQuery(trpc.system.dict.type.optionselect.queryOptions());
  const [defaultType, setDefaultType] = useState<string | null>(null);
  const empty = useMemo<Filters>(() => ({ dictType: defaultType ?? '', dictLabel: '', status: '' }), [defaultType]);
  const lp = useListPage<Filters, DictDataRow, { dictCode?: number }>(empty);
  const { draft, setDraft, filters, setFilters, page, selected, dialog, setDialog } = lp;

  // The type of the route's dictId pre-sets the 字典名称 filter; the list waits for it.
  useEffect(() => {
    if (defaultType !== null || !types.data) return;
    const type = types.data.find((t) => t.dictId === dictId)?.dictType ?? '';
    setDefaultType(type);
    setDraft({ dictType: type, dictLabel: '', status: '' });
    setFilters({ dictType: type, dictLabel: '', status: '' });
  }, [types.data, dictId, defaultType]);

  const ready = defaultType !== null;
  const list = useQuery({
    ...trpc.system.dict.data.list.queryOptions({ ...page, ...toInput(filters) }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(trpc.system.dict.data.remove.mutationOptions());
  const ui = lp.bind(list);
  const { single, multiple, search, reset } = ui;
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.dictType, label: t.dictName }));
  const rows = list.data?.rows ?? [];

  const onDelete = (ids: RowKey[]) =>
    ui.confirmRemove(ids, '字典编码', (onSuccess) => {
      const dropped = new Set(rows.filter((r) => ids.includes(r.dictCode)).map((r) => r.dictType));
      if (filters.dictType) dropped.add(filters.dictType);
      remove.mutate({ ids: ids.map(Number) }, {
        onSuccess: () => {
          dropped.forEach((t) => dropDictCache(t));
          onSuccess();
        },
      });
    });
  const onClose = () => {
    delView(pathname);
    navigate('/system/dict');
  };

  const columns: DataColumn<DictDataRow>[] = [
    { key: 'dictCode', title: '字典编码' },
    {
      key: 'dictLabel',
      title: '字典标签',
      render: (r) => <DictTag options={toDictOptions([r])} value={r.dictValue} />,
    },
    { key: 'dictValue', title: '字典键值' },
    { key: 'dictSort', title: '字典排序' },
    { key: 'status', title: '状态', render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status} /> },
    { key: 'remark', title: '备注', truncate: true },
    { key: 'createTime', title: '创建时间', width: 180 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <EditRemoveCell perm="system:dict" onEdit={() => setDialog({ dictCode: r.dictCode })} onRemove={() => void onDelete([r.dictCode])} />
      ),
    },
  ];

  return (
    <Box p="5" data-testid="dict-data-list">
      <SearchForm show={lp.showSearch} onSearch={search} onReset={reset}>
        <SearchField label="字典名称">
          <OptionSelect name="dictType" options={typeOptions} value={draft.dictType} onChange={(dictType) => setDraft({ ...draft, dictType })} />
        </SearchField>
        <TextSearchField label="字典标签" name="dictLabel" value={draft.dictLabel} onChange={(dictLabel) => setDraft({ ...draft, dictLabel })} />
        <SearchField label="状态">
          <DictSelect name="status" placeholder="数据状态" options={dict.sys_normal_disable} value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons
        add={{ perm: 'system:dict:add', onClick: () => setDialog({}) }}
        edit={{ perm: 'system:dict:edit', disabled: single, onClick: () => setDialog({ dictCode: Number(selected[0]) }) }}
        remove={{ perm: 'system:dict:remove', disabled: multiple, onClick: () => void onDelete(selected) }}
        exportAction={{ perm: 'system:dict:export', onClick: () => void exportExcel('/system/dict/data/export', toInput(filters)) }}
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
      >
        <Button size="xs" variant="subtle" colorPalette="orange" onClick={onClose} data-testid="btn-close">
          <Icon name="close" />
          关闭
        </Button>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        {...ui.tableProps}
        rowKey="dictCode"
        loading={list.isFetching || !ready}
        testId="dict-data-table"
      />
      <Pagination {...ui.pagerProps} />

      {dialog && (
        <DictDataDialog
          dictCode={dialog.dictCode}
          dictType={filters.dictType || defaultType || ''}
          onClose={() => setDialog(null)}
          onSaved={ui.onSaved}
        />
      )}
    </Box>
  );
}
