/**
 * 配置主表单 dialog of a 流程定义 row (workflow spec §3 "Deployment form link", §7 addDeployForm;
 * reference §6: one main form per deployment; issue 40 §2: a deploy links the start event's form,
 * this dialog changes it while the version has no instance): search 表单名称, the stored forms
 * (`flowable.form.list`) with a radio per row and 预览; 确 定 links the chosen form through
 * `form.addDeployForm({formId, deployId})`.
 */
import { Input, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { msgError, msgSuccess } from '../../../lib/modal/toaster';
import { Pagination, PICKER_PAGE_SIZES } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { RowKey } from '../../../components/table/table-utils';
import { useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { RowLink } from '../../../components/table/cells';
import type { FormRow } from './types';
import { FormPreviewDialog } from './DefinitionDialogs';

export function DeployFormDialog({ deployId, name, onClose, onSaved }: { deployId: string; name: string; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState('');
  const [formName, setFormName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [preview, setPreview] = useState<FormRow | null>(null);
  const list = useQuery({
    ...trpc.flowable.form.list.queryOptions({ ...page, ...(formName ? { formName } : {}) }),
    placeholderData: keepPreviousData,
  });
  const link = useMutation(trpc.flowable.form.addDeployForm.mutationOptions());

  const submit = () => {
    const formId = Number(selected[0]);
    if (!formId) {
      msgError('请选择表单');
      return;
    }
    link.mutate({ formId, deployId }, {
      onSuccess: () => {
        msgSuccess('操作成功');
        onSaved();
      },
    });
  };

  const columns: DataColumn<FormRow>[] = [
    { key: 'formId', title: '表单编号', width: 100 },
    { key: 'formName', title: '表单名称', truncate: true },
    { key: 'remark', title: '备注', truncate: true },
    {
      key: 'actions',
      title: '操作',
      width: 90,
      render: (r) => (
        <RowLink icon="eye" onClick={() => setPreview(r)} testId="row-preview">
          预览
        </RowLink>
      ),
    },
  ];

  return (
    <FormDialog title={`配置主表单 - ${name}`} width="760px" onClose={onClose} onSubmit={submit} pending={link.isPending} testId="deploy-form-dialog">
      <SearchForm
        onSearch={() => {
          setFormName(draft.trim());
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        onReset={() => {
          setDraft('');
          setFormName('');
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        testId="deploy-form-search"
      >
        <SearchField label="表单名称">
          <Input size="sm" w="200px" placeholder="请输入表单名称" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </SearchField>
      </SearchForm>
      <DataTable
        columns={columns}
        data={list.data?.rows ?? []}
        loading={list.isFetching}
        rowKey="formId"
        selection={{ mode: 'single', selectedKeys: selected, onChange: (keys) => setSelected(keys.slice(-1)) }}
        onRowClick={(r) => setSelected([r.formId])}
        emptyText="暂无表单，请先在表单配置中新建表单"
        testId="deploy-form-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} pageSizes={PICKER_PAGE_SIZES}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      <Text fontSize="xs" color="fg.muted" mt="2">
        每个部署版本有一个主表单：部署时取流程设计中开始节点选择的表单，在此选择会替换它（该版本发起过流程后不能再更换）。
      </Text>
      {preview && <FormPreviewDialog formId={preview.formId} name={preview.formName} onClose={() => setPreview(null)} />}
    </FormDialog>
  );
}
