/**
 * 流程定义 (menu /flowable/definition, component flowable/definition/index; workflow spec §2
 * routes and "Process definition list", §3 "Process definition list and deployments", §7; reference
 * §2 Definitions, §6 "Model save / deploy / versions / category"): one row per definition version,
 * newest deployment first. Search 名称 / 流程分类; toolbar 新增 (designer), 导入 (.bpmn), 删除;
 * columns 流程编号, 流程标识, 流程名称 (→ 流程图), 流程分类, 表单名称 (→ 表单详情), 流程版本, 状态
 * (switch 激活 / 挂起 → updateState), 部署时间, 操作 设计, 配置主表单, 发起, XML, 删除. The
 * designer comes back here with `?t=<timestamp>` after a save, which refetches the list. As the
 * server (issue 11 §3): 新增 / 导入 / 设计 need system:deployment:add, the state switch
 * system:deployment:edit, 删除 system:deployment:remove, 发起 flowable:process:start (issue 40; the
 * 我的流程 menu's buttons). The start event's form is the main form on deploy; 配置主表单 (every row)
 * links one or changes it while the version has no instance (server: addDeployForm).
 */
import { Box, Flex, Input, Switch, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmWarning } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { usePermi } from '../../../components/Permission';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useTRPC } from '../../../lib/trpc';
import { DictSelect } from '../../../components/form/OptionSelect';
import { RowLink, VersionTag } from '../../../components/table/cells';
import { useRefetchOnTimestamp } from '../../../hooks/useRefetchOnTimestamp';
import { startPath } from '../../../lib/navigation/flow-paths';
import type { DefinitionRow } from './types';
import { DiagramDialog, FormPreviewDialog, XmlDrawer } from './DefinitionDialogs';
import { designerPath, stateChange } from './definition-utils';
import { DeployFormDialog } from './DeployFormDialog';
import { ImportDialog } from './ImportDialog';

/** The definition writes' permissions (server: flowable.router.ts `definition.save/import/updateState/remove`). */
const PERM = { add: 'system:deployment:add', edit: 'system:deployment:edit', remove: 'system:deployment:remove', start: 'flowable:process:start' } as const;

interface Filters {
  name: string;
  category: string;
}
const EMPTY: Filters = { name: '', category: '' };

type Opened =
  | { kind: 'diagram' | 'xml' | 'deployForm'; row: DefinitionRow }
  | { kind: 'form'; formId: number; name: string }
  | { kind: 'import' };

export default function DefinitionList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const dict = useDict('sys_process_category');
  const lp = useListPage<Filters, DefinitionRow, Opened>(EMPTY);
  const { draft, setDraft, filters } = lp;
  /** State shown while the confirmation or the call is pending. */
  const [flipped, setFlipped] = useState<Record<string, number>>({});
  const mayEdit = usePermi().hasPermi([PERM.edit]);
  // 新增 / 设计 open the designer next: load its chunk (bpmn-js) now, so its first open is quick (issue 40 §9).
  useEffect(() => void import('./model').catch(() => undefined), []);

  const input = { ...lp.page, ...(filters.name.trim() ? { name: filters.name.trim() } : {}), ...(filters.category ? { category: filters.category } : {}) };
  const list = useQuery({ ...trpc.flowable.definition.list.queryOptions(input), placeholderData: keepPreviousData });
  const updateState = useMutation(trpc.flowable.definition.updateState.mutationOptions());
  const remove = useMutation(trpc.flowable.definition.remove.mutationOptions());
  const ui = lp.bind(list);

  // Back from the designer (?t=<timestamp>): show the new version.
  useRefetchOnTimestamp(list.refetch);

  const onState = async (r: DefinitionRow, on: boolean) => {
    const { state, text } = stateChange(on);
    setFlipped((f) => ({ ...f, [r.deploymentId]: state }));
    try {
      if (!(await confirmWarning(`确认要"${text}""${r.name}"流程吗？`))) return;
      await updateState.mutateAsync({ deployId: r.deploymentId, state });
      msgSuccess(`${text}成功`);
      await list.refetch();
    } catch {
      // shown by the request-error layer; the switch goes back
    } finally {
      setFlipped(({ [r.deploymentId]: _gone, ...rest }) => rest);
    }
  };

  const onRemove = (ids: string[]) =>
    ui.confirmRemove(ids, '流程定义编号', (onSuccess) => remove.mutate({ deployIds: ids }, { onSuccess }));

  const columns: DataColumn<DefinitionRow>[] = [
    { key: 'deploymentId', title: '流程编号', width: 100, truncate: true },
    { key: 'key', title: '流程标识', width: 150, truncate: true },
    {
      key: 'name',
      title: '流程名称',
      render: (r) => (
        <RowLink fontSize="sm" onClick={() => lp.setDialog({ kind: 'diagram', row: r })} testId="row-diagram">
          {r.name}
        </RowLink>
      ),
    },
    { key: 'category', title: '流程分类', width: 100, render: (r) => <DictTag options={dict.sys_process_category} value={r.category} /> },
    {
      key: 'formName',
      title: '表单名称',
      render: (r) =>
        r.formId ? (
          <RowLink fontSize="sm" onClick={() => lp.setDialog({ kind: 'form', formId: r.formId!, name: r.formName ?? '' })} testId="row-form">
            {r.formName}
          </RowLink>
        ) : (
          <Text as="span" color="fg.muted" fontSize="sm">
            暂无表单
          </Text>
        ),
    },
    { key: 'version', title: '流程版本', width: 90, render: (r) => <VersionTag version={r.version} /> },
    {
      key: 'suspensionState',
      title: '状态',
      width: 110,
      render: (r) => {
        const state = flipped[r.deploymentId] ?? r.suspensionState;
        return (
          <Switch.Root
            size="sm"
            colorPalette="green"
            checked={state === 1}
            disabled={!mayEdit || r.deploymentId in flipped}
            onCheckedChange={(e) => void onState(r, e.checked)}
            data-testid={`definition-state-${r.deploymentId}`}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label fontSize="xs" color={state === 1 ? 'green.600' : 'orange.500'}>
              {state === 1 ? '激活' : '挂起'}
            </Switch.Label>
          </Switch.Root>
        );
      },
    },
    { key: 'deploymentTime', title: '部署时间', width: 170 },
    {
      key: 'actions',
      title: '操作',
      width: 340,
      render: (r) => (
        <Flex gap="0.5" justify="center" wrap="nowrap">
          <RowLink icon="edit" perm={[PERM.add]} onClick={() => navigate(designerPath(r.deploymentId))} testId="row-design">
            设计
          </RowLink>
          <RowLink icon="link" perm={['flowable:form:add']} onClick={() => lp.setDialog({ kind: 'deployForm', row: r })} testId="row-deploy-form">
            配置主表单
          </RowLink>
          <RowLink icon="plus" perm={[PERM.start]} onClick={() => navigate(startPath({ deployId: r.deploymentId, procDefId: r.id }))} testId="row-start">
            发起
          </RowLink>
          <RowLink icon="document" onClick={() => lp.setDialog({ kind: 'xml', row: r })} testId="row-xml">
            XML
          </RowLink>
          <RowLink icon="delete" perm={[PERM.remove]} onClick={() => void onRemove([r.deploymentId])} testId="row-remove">
            删除
          </RowLink>
        </Flex>
      ),
    },
  ];

  const dialog = lp.dialog;
  const close = () => lp.setDialog(null);
  return (
    <Box p="5" data-testid="definition-list">
      <SearchForm show={lp.showSearch} onSearch={ui.search} onReset={ui.reset} testId="definition-search">
        <SearchField label="名称">
          <Input size="sm" w="200px" name="name" placeholder="请输入名称" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </SearchField>
        <SearchField label="流程分类">
          <DictSelect name="category" placeholder="请选择流程分类" options={dict.sys_process_category} value={draft.category} w="200px"
            onChange={(category) => setDraft({ ...draft, category })} />
        </SearchField>
      </SearchForm>
      <ToolbarButtons right={<RightToolbar {...ui.toolbarProps(columns)} />}>
        <PermButton perm={PERM.add} icon="plus" onClick={() => navigate(designerPath())} testId="btn-add">
          新增
        </PermButton>
        <PermButton perm={PERM.add} tone="info" icon="upload" onClick={() => lp.setDialog({ kind: 'import' })} testId="btn-import">
          导入
        </PermButton>
        <PermButton perm={PERM.remove} tone="danger" icon="delete" disabled={ui.multiple} onClick={() => void onRemove(lp.selected.map(String))} testId="btn-remove">
          删除
        </PermButton>
      </ToolbarButtons>
      <DataTable columns={columns} {...ui.tableProps} rowKey="deploymentId" emptyText="暂无流程定义" testId="definition-table" />
      <Pagination {...ui.pagerProps} />

      {dialog?.kind === 'diagram' && <DiagramDialog deployId={dialog.row.deploymentId} name={dialog.row.name} onClose={close} />}
      {dialog?.kind === 'xml' && <XmlDrawer deployId={dialog.row.deploymentId} name={dialog.row.name} onClose={close} />}
      {dialog?.kind === 'form' && <FormPreviewDialog formId={dialog.formId} name={dialog.name} onClose={close} />}
      {dialog?.kind === 'deployForm' && (
        <DeployFormDialog deployId={dialog.row.deploymentId} name={dialog.row.name} onClose={close} onSaved={ui.onSaved} />
      )}
      {dialog?.kind === 'import' && <ImportDialog onClose={close} onDone={ui.onSaved} />}
    </Box>
  );
}
