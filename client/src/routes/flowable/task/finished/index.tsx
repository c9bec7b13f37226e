/**
 * 已办任务 (menu /task/finished, component flowable/task/finished/index; workflow spec §2 routes,
 * §9; reference §2 revokeProcess, §6 "Task lists" finishedList and "Revoke"): search 流程名称 and
 * 开始时间 (90 days back by default), columns 任务编号, 流程名称, 任务节点, 处理结果 (the
 * server's `result`: 通过 / 退回 / 驳回 / 委派 / 撤回 …; issue 40 §4), 流程发起人, 接收时间, 审批时间,
 * 耗时 and 操作 流转记录 (finished-task detail) / 撤回 (while the instance runs, not on a task already
 * withdrawn or moved away; the server refuses with 流程未启动或已执行完成，无法撤回 /
 * 该任务非当前用户提交，无法撤回).
 */
import { Badge, Box, Flex } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { confirmWarning } from '../../../../components/feedback/actions';
import { msgSuccess } from '../../../../lib/modal/toaster';
import { Pagination } from '../../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { RightToolbar } from '../../../../components/table/RightToolbar';
import { ToolbarButtons } from '../../../../components/table/ToolbarButtons';
import { useTRPC } from '../../../../lib/trpc';
import { RowLink } from '../../../../components/table/cells';
import { useRefetchOnTimestamp } from '../../../../hooks/useRefetchOnTimestamp';
import { StartUserCell, TaskSearchForm, useTaskListPage } from '../task-list-kit';
import { finishedDetailPath } from '../../../../lib/navigation/flow-paths';
import type { FinishedRow } from '../types';

/** Badge colours of 处理结果 by result type (comment types, shared comment-types.ts). */
const RESULT_PALETTES: Record<string, string> = { '1': 'green', '2': 'orange', '3': 'red', '4': 'blue', '5': 'purple', '6': 'gray', '7': 'orange', '9': 'cyan', '10': 'pink' };
/** 撤回 is offered while the instance runs, on a task that was completed and not withdrawn yet. */
const mayRevoke = (r: FinishedRow) => !r.instanceEnded && !r.deleteReason && r.resultType !== '7';

export default function FinishedList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const lp = useTaskListPage<FinishedRow>();
  const list = useQuery({ ...trpc.flowable.task.finishedList.queryOptions(lp.input), placeholderData: keepPreviousData });
  const revoke = useMutation(trpc.flowable.task.revokeProcess.mutationOptions());
  const ui = lp.bind(list);
  useRefetchOnTimestamp(list.refetch);

  const onRevoke = async (r: FinishedRow) => {
    if (!(await confirmWarning(`是否确认撤回"${r.procDefName}"的"${r.taskName}"任务？`))) return;
    revoke.mutate({ instanceId: r.procInsId }, {
      onSuccess: () => {
        msgSuccess('操作成功');
        ui.refresh();
      },
    });
  };

  const columns: DataColumn<FinishedRow>[] = [
    { key: 'taskId', title: '任务编号', width: 120, truncate: true },
    { key: 'procDefName', title: '流程名称', truncate: true },
    { key: 'taskName', title: '任务节点', truncate: true },
    {
      key: 'result',
      title: '处理结果',
      width: 100,
      render: (r) => r.result && (
        <Badge variant="surface" colorPalette={RESULT_PALETTES[r.resultType ?? ''] ?? 'gray'} fontWeight="normal" data-testid="task-result">{r.result}</Badge>
      ),
    },
    { key: 'startUserName', title: '流程发起人', render: (r) => <StartUserCell name={r.startUserName} dept={r.startDeptName} /> },
    { key: 'createTime', title: '接收时间', width: 170 },
    { key: 'finishTime', title: '审批时间', width: 170 },
    { key: 'duration', title: '耗时', width: 130 },
    {
      key: 'actions',
      title: '操作',
      width: 170,
      render: (r) => (
        <Flex gap="1" justify="center" wrap="nowrap">
          <RowLink icon="eye" onClick={() => navigate(finishedDetailPath(r))} testId="row-record">
            流转记录
          </RowLink>
          {mayRevoke(r) && (
            <RowLink icon="undo" onClick={() => void onRevoke(r)} testId="row-revoke">
              撤回
            </RowLink>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="finished-list">
      <TaskSearchForm show={lp.showSearch} draft={lp.draft} onDraft={lp.setDraft} onSearch={ui.search} onReset={ui.reset} testId="finished-search" />
      <ToolbarButtons right={<RightToolbar {...ui.toolbarProps(columns)} />} />
      <DataTable columns={columns} {...ui.tableProps} selection={undefined} rowKey="taskId" emptyText="暂无已办任务" testId="finished-table" />
      <Pagination {...ui.pagerProps} />
    </Box>
  );
}
