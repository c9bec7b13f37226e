/**
 * 待办任务 (menu /task/todo, component flowable/task/todo/index; workflow spec §2 routes, §9;
 * reference §6 "Task lists" todoList): search 流程名称 and 开始时间 (90 days back by default),
 * columns 任务编号, 流程名称, 任务节点, 流程版本, 流程发起人, 接收时间 and 操作 处理, which opens the
 * task-handling screen with procInsId, deployId, taskId, executionId, taskName and startUser.
 */
import { Box } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Pagination } from '../../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { RightToolbar } from '../../../../components/table/RightToolbar';
import { ToolbarButtons } from '../../../../components/table/ToolbarButtons';
import { useTRPC } from '../../../../lib/trpc';
import { RowLink, VersionTag } from '../../../../components/table/cells';
import { useRefetchOnTimestamp } from '../../../../hooks/useRefetchOnTimestamp';
import { StartUserCell, TaskSearchForm, useTaskListPage } from '../task-list-kit';
import { todoDetailPath } from '../../../../lib/navigation/flow-paths';
import type { TodoRow } from '../types';

export default function TodoList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const lp = useTaskListPage<TodoRow>();
  const list = useQuery({ ...trpc.flowable.task.todoList.queryOptions(lp.input), placeholderData: keepPreviousData });
  const ui = lp.bind(list);
  useRefetchOnTimestamp(list.refetch);

  const columns: DataColumn<TodoRow>[] = [
    { key: 'taskId', title: '任务编号', width: 120, truncate: true },
    { key: 'procDefName', title: '流程名称', truncate: true },
    { key: 'taskName', title: '任务节点', truncate: true },
    { key: 'procDefVersion', title: '流程版本', width: 90, render: (r) => <VersionTag version={r.procDefVersion} /> },
    { key: 'startUserName', title: '流程发起人', render: (r) => <StartUserCell name={r.startUserName} dept={r.startDeptName} /> },
    { key: 'createTime', title: '接收时间', width: 170 },
    {
      key: 'actions',
      title: '操作',
      width: 100,
      render: (r) => (
        <RowLink icon="edit" onClick={() => navigate(todoDetailPath(r))} testId="row-handle">
          处理
        </RowLink>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="todo-list">
      <TaskSearchForm show={lp.showSearch} draft={lp.draft} onDraft={lp.setDraft} onSearch={ui.search} onReset={ui.reset} testId="todo-search" />
      <ToolbarButtons right={<RightToolbar {...ui.toolbarProps(columns)} />} />
      <DataTable columns={columns} {...ui.tableProps} selection={undefined} rowKey="taskId" emptyText="暂无待办任务" testId="todo-table" />
      <Pagination {...ui.pagerProps} />
    </Box>
  );
}
