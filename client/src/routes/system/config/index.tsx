/**
 * 参数设置 (system/config/index; RuoYi views/system/config/index.vue): search 参数名称, 参数键名,
 * 系统内置 (sys_yes_no), 创建时间; toolbar 新增, 修改, 删除, 导出, 刷新缓存 with RightToolbar; the
 * config table, paging and the 500px add/edit dialog. Buttons are gated by system:config:*.
 */
import { Box, Flex, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmDelete, exportExcel, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../components/feedback/toaster';
import { Pagination } from '../../../components/Pagination';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { selectionFlags, type RowKey } from '../../../components/table/table-utils';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictSelect, listQuery, RowButton, searchHandlers } from '../dict/kit';
import type { ConfigRow } from '../dict/types';
import { ConfigDialog } from './ConfigDialog';

interface Filters {
  configName: string;
  configKey: string;
  configType: string;
  dateRange: [string, string];
}
const EMPTY: Filters = { configName: '', configKey: '', configType: '', dateRange: ['', ''] };

const toInput = ({ dateRange, ...f }: Filters) => {
  const q = listQuery(f, dateRange);
  return { ...q, configType: q.configType as 'Y' | 'N' | undefined };
};

export default function ConfigList() {
  const trpc = useTRPC();
  const dict = useDict('sys_yes_no');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [dialog, setDialog] = useState<{ configId?: number } | null>(null);

  const list = useQuery({ ...trpc.system.config.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.config.remove.mutationOptions());
  const refreshCache = useMutation(trpc.system.config.refreshCache.mutationOptions());
  const refresh = () => void list.refetch();
  const { single, multiple } = selectionFlags(selected);
  const { search, reset } = searchHandlers({
    empty: EMPTY, draft, filters, setDraft, setFilters, page, refetch: refresh,
    setPageNum: (pageNum) => setPage((p) => ({ ...p, pageNum })),
  });

  const onDelete = async (ids: RowKey[]) => {
    if (!(await confirmDelete(ids, '参数编号'))) return;
    remove.mutate({ ids: ids.map(Number) }, {
      onSuccess: () => {
        msgSuccess(MSG.remove);
        setSelected((s) => s.filter((k) => !ids.includes(k)));
        refresh();
      },
    });
  };

  const columns: DataColumn<ConfigRow>[] = [
    { key: 'configId', title: '参数主键' },
    { key: 'configName', title: '参数名称', truncate: true, width: 180 },
    { key: 'configKey', title: '参数键名', truncate: true, width: 180 },
    { key: 'configValue', title: '参数键值', truncate: true, width: 120 },
    { key: 'configType', title: '系统内置', render: (r) => <DictTag options={dict.sys_yes_no} value={r.configType} /> },
    { key: 'remark', title: '备注', truncate: true, width: 160 },
    { key: 'createTime', title: '创建时间', width: 160 },
    {
      key: 'actions',
      title: '操作',
      minWidth: 130,
      render: (r) => (
        <Flex gap="1" justify="center">
          <RowButton perm={['system:config:edit']} icon="edit" onClick={() => setDialog({ configId: r.configId })} testId="row-edit">
            修改
          </RowButton>
          <RowButton perm={['system:config:remove']} icon="delete" onClick={() => void onDelete([r.configId])} testId="row-remove">
            删除
          </RowButton>
        </Flex>
      ),
    },
  ];
  const toolbarColumns = columns.filter((c) => c.key !== 'actions').map((c) => ({ key: c.key, label: String(c.title) }));

  return (
    <Box p="5" data-testid="config-list">
      <SearchForm show={showSearch} onSearch={search} onReset={reset}>
        <SearchField label="参数名称">
          <Input size="sm" w="240px" name="configName" placeholder="请输入参数名称" value={draft.configName}
            onChange={(e) => setDraft({ ...draft, configName: e.target.value })} />
        </SearchField>
        <SearchField label="参数键名">
          <Input size="sm" w="240px" name="configKey" placeholder="请输入参数键名" value={draft.configKey}
            onChange={(e) => setDraft({ ...draft, configKey: e.target.value })} />
        </SearchField>
        <SearchField label="系统内置">
          <DictSelect name="configType" placeholder="系统内置" options={dict.sys_yes_no} value={draft.configType}
            onChange={(configType) => setDraft({ ...draft, configType })} />
        </SearchField>
        <SearchField label="创建时间">
          <DateRangePicker value={draft.dateRange} onChange={(dateRange) => setDraft({ ...draft, dateRange })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons
        add={{ perm: 'system:config:add', onClick: () => setDialog({}) }}
        edit={{ perm: 'system:config:edit', disabled: single, onClick: () => setDialog({ configId: Number(selected[0]) }) }}
        remove={{ perm: 'system:config:remove', disabled: multiple, onClick: () => void onDelete(selected) }}
        exportAction={{ perm: 'system:config:export', onClick: () => void exportExcel('/system/config/export', toInput(filters)) }}
        right={
          <RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh}
            columns={toolbarColumns} hiddenColumns={hidden} onHiddenColumnsChange={setHidden} />
        }
      >
        <PermButton perm="system:config:remove" tone="danger" icon="refresh" testId="btn-refresh-cache"
          onClick={() => refreshCache.mutate(undefined, { onSuccess: () => msgSuccess('刷新成功') })}>
          刷新缓存
        </PermButton>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        data={list.data?.rows ?? []}
        rowKey="configId"
        loading={list.isFetching}
        hiddenColumns={hidden}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="config-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />

      {dialog && (
        <ConfigDialog
          configId={dialog.configId}
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
