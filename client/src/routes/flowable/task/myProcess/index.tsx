/**
 * 我的流程 (menu /task/process, component flowable/task/myProcess/index; workflow spec §2 routes,
 * §9; reference §6 "Task lists" myProcess, "Stop / cancel", "Delete instance"): search 流程名称
 * and 开始时间 (90 days back by default); toolbar 新增流程 (dialog of the deployed definitions →
 * start screen) and 删除; columns 流程编号, 流程名称, 流程类别, 流程版本, 提交时间, 流程状态
 * (进行中 / 已完成 by finishTime), 耗时, 当前节点, 办理人 and 操作 详情, 取消申请 (while running),
 * 删除. 新增流程 carries the menu's button 发起 flowable:process:start (seed id 2050, issue 40 §1;
 * granted to role 2), 删除 system:deployment:remove (seed id 2033), as the server checks them.
 */
import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DictTag } from '../../../../components/dict/DictTag';
import { confirmWarning } from '../../../../components/feedback/actions';
import { msgSuccess } from '../../../../lib/modal/toaster';
import { Pagination } from '../../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { RightToolbar } from '../../../../components/table/RightToolbar';
import { PermButton, ToolbarButtons } from '../../../../components/table/ToolbarButtons';
import { useDict } from '../../../../hooks/useDict';
import { useTRPC } from '../../../../lib/trpc';
import { RowLink, VersionTag } from '../../../../components/table/cells';
import { useRefetchOnTimestamp } from '../../../../hooks/useRefetchOnTimestamp';
import { StartUserCell, TaskSearchForm, useTaskListPage } from '../task-list-kit';
import { myProcessDetailPath, startPath } from '../../../../lib/navigation/flow-paths';
import { instanceStatus } from '../task-list-utils';
import type { MyProcessRow } from '../types';
import { StartProcessDialog } from './StartProcessDialog';

const REMOVE_PERM = ['system:deployment:remove'];
/** Starting a process (server: definition.start, process.startFlow). */
const START_PERM = ['flowable:process:start'];

export default function MyProcessList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const dict = useDict('sys_process_category');
  const lp = useTaskListPage<MyProcessRow>();
  const [picking, setPicking] = useState(false);
  const list = useQuery({ ...trpc.flowable.task.myProcess.queryOptions(lp.input), placeholderData: keepPreviousData });
  const stop = useMutation(trpc.flowable.task.stopProcess.mutationOptions());
  const remove = useMutation(trpc.flowable.instance.remove.mutationOptions());
  const ui = lp.bind(list);
  useRefetchOnTimestamp(list.refetch);

  const onStop = async (r: MyProcessRow) => {
    if (!(await confirmWarning(`是否确认取消"${r.procDefName}"的流程申请？`))) return;
    stop.mutate({ instanceId: r.procInsId }, {
      onSuccess: () => {
        msgSuccess('操作成功');
        ui.refresh();
      },
    });
  };
  const onRemove = (ids: string[]) =>
    ui.confirmRemove(ids, '流程编号', (onSuccess) => remove.mutate({ instanceIds: ids }, { onSuccess }));

  const columns: DataColumn<MyProcessRow>[] = [
    { key: 'procInsId', title: '流程编号', width: 120, truncate: true },
    { key: 'procDefName', title: '流程名称', truncate: true },
    { key: 'category', title: '流程类别', width: 100, render: (r) => <DictTag options={dict.sys_process_category} value={r.category} /> },
    { key: 'procDefVersion', title: '流程版本', width: 90, render: (r) => <VersionTag version={r.procDefVersion} /> },
    { key: 'createTime', title: '提交时间', width: 170 },
    {
      key: 'status',
      title: '流程状态',
      width: 100,
      render: (r) => {
        const s = instanceStatus(r.finishTime);
        return (
          <Badge variant="surface" colorPalette={s.running ? 'blue' : 'green'} fontWeight="normal" data-testid="instance-status">
            {s.label}
          </Badge>
        );
      },
    },
    { key: 'duration', title: '耗时', width: 130 },
    // A finished instance has no current node (issue 40 §4): 已结束, and no 办理人 (the server sends none).
    { key: 'taskName', title: '当前节点', truncate: true, render: (r) => (instanceStatus(r.finishTime).running ? r.taskName : <Text as="span" color="gray.500" data-testid="current-node-ended">已结束</Text>) },
    { key: 'assigneeName', title: '办理人', render: (r) => <StartUserCell name={r.assigneeName} dept={r.assigneeDeptName} /> },
    {
      key: 'actions',
      title: '操作',
      width: 200,
      render: (r) => (
        <Flex gap="1" justify="center" wrap="nowrap">
          <RowLink icon="eye" onClick={() => navigate(myProcessDetailPath(r))} testId="row-detail">
            详情
          </RowLink>
          {instanceStatus(r.finishTime).running && (
            <RowLink icon="close" onClick={() => void onStop(r)} testId="row-stop">
              取消申请
            </RowLink>
          )}
          <RowLink icon="delete" perm={REMOVE_PERM} onClick={() => void onRemove([r.procInsId])} testId="row-remove">
            删除
          </RowLink>
        </Flex>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="my-process-list">
      <TaskSearchForm show={lp.showSearch} draft={lp.draft} onDraft={lp.setDraft} onSearch={ui.search} onReset={ui.reset} testId="my-process-search" />
      <ToolbarButtons right={<RightToolbar {...ui.toolbarProps(columns)} />}>
        <PermButton perm={START_PERM} icon="plus" onClick={() => setPicking(true)} testId="btn-new-process">
          新增流程
        </PermButton>
        <PermButton perm={REMOVE_PERM} tone="danger" icon="delete" disabled={ui.multiple} onClick={() => void onRemove(lp.selected.map(String))} testId="btn-remove">
          删除
        </PermButton>
      </ToolbarButtons>
      <DataTable columns={columns} {...ui.tableProps} rowKey="procInsId" emptyText="暂无流程" testId="my-process-table" />
      <Pagination {...ui.pagerProps} />
      {picking && (
        <StartProcessDialog
          onClose={() => setPicking(false)}
          onStart={(d) => {
            setPicking(false);
            navigate(startPath({ deployId: d.deploymentId, procDefId: d.id }));
          }}
        />
      )}
    </Box>
  );
}
