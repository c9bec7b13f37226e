/**
 * 表单配置 (flowable/task/form/index; RuoYi-flowable views/flowable/task/form/index.vue; spec §3
 * "Flowable form", §7 forms calls): search 表单名称; toolbar 新增 / 修改 / 删除 / 导出 with
 * `flowable:form:add|edit|remove|export`; columns 表单主键, 表单名称, 备注, 操作 详情 / 修改 / JSON / 删除;
 * paging. 新增 opens the form designer (/tool/build/index), 修改 opens it on the form
 * (/tool/build/index?formId=<id>); JSON edits the stored JSON in a dialog; 详情 previews the form.
 */
import { Box, Flex, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmDelete, MSG } from '../../../../components/feedback/actions';
import { excelFileName } from '../../../../components/feedback/messages';
import { msgSuccess } from '../../../../lib/modal/toaster';
import { Pagination } from '../../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { RightToolbar } from '../../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../../components/table/SearchForm';
import { ToolbarButtons } from '../../../../components/table/ToolbarButtons';
import type { RowKey } from '../../../../components/table/table-utils';
import { download } from '../../../../lib/download';
import { useTRPC } from '../../../../lib/trpc';
import { RowButton } from '../../../../components/table/RowButton';
import { FormDetailDialog } from './FormDetailDialog';
import { FormEditDialog } from './FormEditDialog';

/** A row of the stored form list. */
export interface FormRow {
  formId: number;
  formName: string;
  formContent?: string | null;
  remark?: string | null;
}

export default function FlowFormList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const design = (formId?: number) => navigate(formId === undefined ? '/tool/build/index' : `/tool/build/index?formId=${formId}`);
  const [draft, setDraft] = useState('');
  const [formName, setFormName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [edit, setEdit] = useState<{ formId: number } | null>(null);
  const [detail, setDetail] = useState<FormRow | null>(null);

  const query = { formName: formName.trim() || undefined };
  const list = useQuery({ ...trpc.flowable.form.list.queryOptions({ ...page, ...query }), placeholderData: keepPreviousData });
  const rows = (list.data?.rows ?? []) as FormRow[];
  const remove = useMutation(trpc.flowable.form.remove.mutationOptions());
  const refresh = () => void list.refetch();
  const search = (name: string) => {
    setFormName(name);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const handleDelete = async (ids: RowKey[]) => {
    if (!(await confirmDelete(ids, '表单编号'))) return;
    remove.mutate(
      { formIds: ids.map(Number) },
      {
        onSuccess: () => {
          refresh();
          msgSuccess(MSG.remove);
          setSelected((s) => s.filter((k) => !ids.includes(k)));
        },
      },
    );
  };

  const columns: DataColumn<FormRow>[] = [
    { key: 'formId', title: '表单主键', width: 120 },
    { key: 'formName', title: '表单名称', truncate: true },
    { key: 'remark', title: '备注', truncate: true },
    {
      key: 'actions',
      title: '操作',
      width: 300,
      render: (r) => (
        <Flex gap="1" justify="center" wrap="nowrap">
          <RowButton icon="eye" onClick={() => setDetail(r)} testId="row-detail">
            详情
          </RowButton>
          <RowButton perm={['flowable:form:edit']} icon="edit" onClick={() => design(r.formId)} testId="row-edit">
            修改
          </RowButton>
          <RowButton perm={['flowable:form:edit']} icon="document" onClick={() => setEdit({ formId: r.formId })} testId="row-json">
            JSON
          </RowButton>
          <RowButton perm={['flowable:form:remove']} icon="delete" onClick={() => void handleDelete([r.formId])} testId="row-remove">
            删除
          </RowButton>
        </Flex>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="flow-form-list">
      <SearchForm
        show={showSearch}
        onSearch={() => search(draft)}
        onReset={() => {
          setDraft('');
          search('');
        }}
        testId="flow-form-search"
      >
        <SearchField label="表单名称" w="200px">
          <Input size="sm" name="formName" placeholder="请输入表单名称" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </SearchField>
      </SearchForm>
      <ToolbarButtons
        add={{ perm: 'flowable:form:add', onClick: () => design() }}
        edit={{ perm: 'flowable:form:edit', disabled: selected.length !== 1, onClick: () => design(Number(selected[0])) }}
        remove={{ perm: 'flowable:form:remove', disabled: selected.length === 0, onClick: () => void handleDelete(selected) }}
        exportAction={{
          perm: 'flowable:form:export',
          // The REST route is GET /flowable/form/export (reference §2 Forms).
          onClick: () => void download('/flowable/form/export', query, { method: 'GET', filename: excelFileName() }),
        }}
        right={<RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh} />}
      />
      <DataTable
        columns={columns}
        data={rows}
        rowKey="formId"
        loading={list.isFetching}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="flow-form-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      {edit && (
        <FormEditDialog
          formId={edit.formId}
          onClose={() => setEdit(null)}
          onSaved={() => {
            setEdit(null);
            refresh();
          }}
        />
      )}
      {detail && <FormDetailDialog formId={detail.formId} formName={detail.formName} onClose={() => setDetail(null)} />}
    </Box>
  );
}
