/**
 * 字典数据 (hidden route /system/dict-data/index/:dictId → component system/dict/data; platform
 * spec §2 "Dictionary data", §4, §5, §8; RuoYi views/system/dict/data.vue). Search 字典名称 (a
 * select of every type, pre-set from the dictId), 字典标签, 状态; toolbar 新增, 修改, 删除, 导出,
 * 关闭 (back to /system/dict); the data table (字典标签 as a tag of its listClass/cssClass), paging
 * and the 500px add/edit dialog. Every change drops the client's cached dictionary of that type.
 */
import { Box, Button, Flex, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { delView } from '../../../app/stores/tags-store';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmDelete, exportExcel, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../components/feedback/toaster';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { selectionFlags, type RowKey } from '../../../components/table/table-utils';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { UiIcon } from '../../../components/UiIcon';
import { toDictOptions } from '../../../hooks/dict-cache';
import { dropDictCache, useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictDataDialog } from './DictDataDialog';
import { DictSelect, listQuery, OptionSelect, RowButton, searchHandlers } from './kit';
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
  const [draft, setDraft] = useState<Filters>(empty);
  const [filters, setFilters] = useState<Filters>(empty);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [dialog, setDialog] = useState<{ dictCode?: number } | null>(null);

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
  const refresh = () => void list.refetch();
  const { single, multiple } = selectionFlags(selected);
  const { search, reset } = searchHandlers({
    empty, draft, filters, setDraft, setFilters, page, refetch: refresh,
    setPageNum: (pageNum) => setPage((p) => ({ ...p, pageNum })),
  });
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.dictType, label: t.dictName }));
  const rows = list.data?.rows ?? [];

  const onDelete = async (ids: RowKey[]) => {
    if (!(await confirmDelete(ids, '字典编码'))) return;
    const dropped = new Set(rows.filter((r) => ids.includes(r.dictCode)).map((r) => r.dictType));
    if (filters.dictType) dropped.add(filters.dictType);
    remove.mutate({ ids: ids.map(Number) }, {
      onSuccess: () => {
        dropped.forEach((t) => dropDictCache(t));
        msgSuccess(MSG.remove);
        setSelected((s) => s.filter((k) => !ids.includes(k)));
        refresh();
      },
    });
  };
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
        <Flex gap="1" justify="center">
          <RowButton perm={['system:dict:edit']} icon="edit" onClick={() => setDialog({ dictCode: r.dictCode })} testId="row-edit">
            修改
          </RowButton>
          <RowButton perm={['system:dict:remove']} icon="delete" onClick={() => void onDelete([r.dictCode])} testId="row-remove">
            删除
          </RowButton>
        </Flex>
      ),
    },
  ];
  const toolbarColumns = columns.filter((c) => c.key !== 'actions').map((c) => ({ key: c.key, label: String(c.title) }));

  return (
    <Box p="5" data-testid="dict-data-list">
      <SearchForm show={showSearch} onSearch={search} onReset={reset}>
        <SearchField label="字典名称">
          <OptionSelect name="dictType" options={typeOptions} value={draft.dictType} onChange={(dictType) => setDraft({ ...draft, dictType })} />
        </SearchField>
        <SearchField label="字典标签">
          <Input size="sm" w="240px" name="dictLabel" placeholder="请输入字典标签" value={draft.dictLabel}
            onChange={(e) => setDraft({ ...draft, dictLabel: e.target.value })} />
        </SearchField>
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
        right={
          <RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh}
            columns={toolbarColumns} hiddenColumns={hidden} onHiddenColumnsChange={setHidden} />
        }
      >
        <Button size="xs" variant="subtle" colorPalette="orange" onClick={onClose} data-testid="btn-close">
          <UiIcon name="close" />
          关闭
        </Button>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        data={rows}
        rowKey="dictCode"
        loading={list.isFetching || !ready}
        hiddenColumns={hidden}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="dict-data-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />

      {dialog && (
        <DictDataDialog
          dictCode={dialog.dictCode}
          dictType={filters.dictType || defaultType || ''}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Box>
  );
}
