/**
 * 参数设置 (system/config/index; RuoYi views/system/config/index.vue): search 参数名称, 参数键名,
 * 系统内置 (sys_yes_no), 创建时间; toolbar 新增, 修改, 删除, 导出, 刷新缓存 with RightToolbar; the
 * config table, paging and the 500px add/edit dialog. Buttons are gated by system:config:*.
 */
import { Box } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DictTag } from '../../../components/dict/DictTag';
import { exportExcel } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { RowKey } from '../../../components/table/table-utils';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useTRPC } from '../../../lib/trpc';
import { listQuery, TextSearchField } from '../../../components/table/search-kit';
import { EditRemoveCell } from '../../../components/table/RowButton';
import { DictSelect } from '../../../components/form/OptionSelect';
import type { ConfigRow } from './types';
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
  const lp = useListPage<Filters, ConfigRow, { configId?: number }>(EMPTY);
  const { draft, setDraft, filters, page, selected, dialog, setDialog } = lp;

  const list = useQuery({ ...trpc.system.config.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.config.remove.mutationOptions());
  const refreshCache = useMutation(trpc.system.config.refreshCache.mutationOptions());
  const ui = lp.bind(list);
  const { single, multiple, search, reset } = ui;

  const onDelete = (ids: RowKey[]) => ui.confirmRemove(ids, '参数编号', (onSuccess) => remove.mutate({ ids: ids.map(Number) }, { onSuccess }));

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
        <EditRemoveCell perm="system:config" onEdit={() => setDialog({ configId: r.configId })} onRemove={() => void onDelete([r.configId])} />
      ),
    },
  ];

  return (
    <Box p="5" data-testid="config-list">
      <SearchForm show={lp.showSearch} onSearch={search} onReset={reset}>
        <TextSearchField label="参数名称" name="configName" value={draft.configName} onChange={(configName) => setDraft({ ...draft, configName })} />
        <TextSearchField label="参数键名" name="configKey" value={draft.configKey} onChange={(configKey) => setDraft({ ...draft, configKey })} />
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
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
      >
        <PermButton perm="system:config:remove" tone="danger" icon="refresh" testId="btn-refresh-cache"
          onClick={() => refreshCache.mutate(undefined, { onSuccess: () => msgSuccess('刷新成功') })}>
          刷新缓存
        </PermButton>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        {...ui.tableProps}
        rowKey="configId"
        testId="config-table"
      />
      <Pagination {...ui.pagerProps} />

      {dialog && (
        <ConfigDialog
          configId={dialog.configId}
          onClose={() => setDialog(null)}
          onSaved={ui.onSaved}
        />
      )}
    </Box>
  );
}
