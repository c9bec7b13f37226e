/**
 * 通知公告 (system/notice/index; issue 41 §5; RuoYi views/system/notice/index.vue): search 公告标题,
 * 操作人员 (createBy), 类型; toolbar 新增 / 修改 / 删除 with RightToolbar; the table (selection, 序号,
 * 公告标题, 公告类型, 状态, 创建者, 创建时间, 操作 修改 / 删除); paging; the add/edit dialog with the
 * rich-text content (sanitised by the server). Buttons follow `system:notice:add|edit|remove`.
 */
import { Box } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DictTag } from '../../../components/dict/DictTag';
import { DictSelect } from '../../../components/form/OptionSelect';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { EditRemoveCell } from '../../../components/table/RowButton';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import type { RowKey } from '../../../components/table/table-utils';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useTRPC } from '../../../lib/trpc';
import { TextSearchField } from '../../../components/table/search-kit';
import { NoticeFormDialog } from './NoticeFormDialog';
import type { NoticeListRow } from './types';

interface NoticeFilters {
  noticeTitle: string;
  createBy: string;
  noticeType: string;
}
const EMPTY_FILTERS: NoticeFilters = { noticeTitle: '', createBy: '', noticeType: '' };

const toInput = (f: NoticeFilters) => ({
  noticeTitle: f.noticeTitle.trim() || undefined,
  createBy: f.createBy.trim() || undefined,
  noticeType: (f.noticeType || undefined) as '1' | '2' | undefined,
});

export default function NoticeList() {
  const trpc = useTRPC();
  const dict = useDict('sys_notice_type', 'sys_notice_status');
  const lp = useListPage<NoticeFilters, NoticeListRow, { noticeId?: number }>(EMPTY_FILTERS);
  const { draft, setDraft, filters, page, selected, dialog, setDialog } = lp;

  const list = useQuery({ ...trpc.system.notice.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.notice.remove.mutationOptions());
  const ui = lp.bind(list);

  const onDelete = (ids: RowKey[]) => ui.confirmRemove(ids, '公告编号', (onSuccess) => remove.mutate({ ids: ids.map(Number) }, { onSuccess }));

  const columns: DataColumn<NoticeListRow>[] = [
    { key: 'noticeId', title: '序号', width: 100 },
    { key: 'noticeTitle', title: '公告标题', truncate: true, minWidth: 200 },
    { key: 'noticeType', title: '公告类型', width: 100, render: (r) => <DictTag options={dict.sys_notice_type} value={r.noticeType} /> },
    { key: 'status', title: '状态', width: 100, render: (r) => <DictTag options={dict.sys_notice_status} value={r.status} /> },
    { key: 'createBy', title: '创建者', width: 100 },
    { key: 'createTime', title: '创建时间', width: 120, render: (r) => r.createTime?.slice(0, 10) ?? '' },
    {
      key: 'actions',
      title: '操作',
      width: 160,
      render: (r) => <EditRemoveCell perm="system:notice" onEdit={() => setDialog({ noticeId: r.noticeId })} onRemove={() => void onDelete([r.noticeId])} />,
    },
  ];

  return (
    <Box p="5" data-testid="notice-list">
      <SearchForm show={lp.showSearch} onSearch={ui.search} onReset={ui.reset} testId="notice-search">
        <TextSearchField label="公告标题" name="noticeTitle" value={draft.noticeTitle} onChange={(noticeTitle) => setDraft({ ...draft, noticeTitle })} />
        <TextSearchField label="操作人员" name="createBy" value={draft.createBy} onChange={(createBy) => setDraft({ ...draft, createBy })} />
        <SearchField label="类型" w="200px">
          <DictSelect name="noticeType" placeholder="公告类型" options={dict.sys_notice_type} value={draft.noticeType}
            onChange={(noticeType) => setDraft({ ...draft, noticeType })} w="100%" />
        </SearchField>
      </SearchForm>
      <ToolbarButtons
        add={{ perm: 'system:notice:add', onClick: () => setDialog({}) }}
        edit={{ perm: 'system:notice:edit', disabled: ui.single, onClick: () => setDialog({ noticeId: Number(selected[0]) }) }}
        remove={{ perm: 'system:notice:remove', disabled: ui.multiple, onClick: () => void onDelete(selected) }}
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
      />
      <DataTable columns={columns} {...ui.tableProps} rowKey="noticeId" testId="notice-table" />
      <Pagination {...ui.pagerProps} />
      {dialog && <NoticeFormDialog noticeId={dialog.noticeId} onClose={() => setDialog(null)} onSaved={ui.onSaved} />}
    </Box>
  );
}
