/**
 * Task procedures (api-contract "Workflow" `/flowable/task/*`): `flowable.task.*` without the
 * 抄送 and 加签 ones (../cc/cc.router.ts, ../sign/sign.router.ts; all merged by ../flowable.router.ts).
 * Every row needs a session (upstream: no perms). The own lists (todoList, finishedList, myProcess)
 * answer the caller's rows; definition data (flowFormData, flowXmlAndNode without `procInsId`) is
 * open to every session; reads of instance data (flowRecord, flowXmlAndNode with `procInsId`,
 * flowViewer, processVariables, flowTaskForm, nextFlowNode, returnList, delete) answer participants
 * and holders of `flowable:instance:monitor` only (../common/access.service.ts, 403 otherwise;
 * issue 11 §3). nextFlowNodeByStart (the start screen) needs `flowable:process:start` (issue 40 §1).
 * The commands follow the engine's holder / initiator rules (task.service.ts).
 */
import * as s from '../../../../shared/schemas/flowable';
import { authedProcedure, permProcedure } from '../../../trpc/procedures';
import { dataOrMsgOutput, jsonPageOutput, pageOutput } from '../../../trpc/output';
import type { NextNode } from '../../../engine';
import { PROCESS_START_PERM } from '../common/access.service';
import { logged } from '../common/router-meta';
import * as tv from './task-view.service';
import type { NamedTodoRow } from './todo-page';
import * as ts from './task.service';

const act = (title: string) => logged(title, 2);

/** `flowable.task.*` (merged with the cc and sign task procedures in ../flowable.router.ts). */
export const taskProcedures = {
  // The four workflow lists answer rows/total and RuoYi-flowable's data page (issue 41 §1): todoList,
  // finishedList, myProcess and flowable.definition.list (REST envelope `page`).
  // One answer for both transports: the page with its rows as JSON bytes, read off this thread
  // (task-view.service.ts todoList). The REST `page` envelope splices the bytes; tRPC writes the
  // same {total, rows} through its toJSON. The contract checks the class, not the rows.
  todoList: authedProcedure.input(s.taskListInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/todoList', input: ['query'], envelope: 'page' } })
    .output(jsonPageOutput<NamedTodoRow>())
    .query(({ ctx, input }) => tv.todoList(ctx.deps, ctx.login, input)),
  finishedList: authedProcedure.input(s.taskListInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/finishedList', input: ['query'], envelope: 'page' } })
    .output(pageOutput<Awaited<ReturnType<typeof tv.finishedList>>>())
    .query(({ ctx, input }) => tv.finishedList(ctx.deps, ctx.login, input)),
  myProcess: authedProcedure.input(s.taskListInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/myProcess', input: ['query'], envelope: 'page' } })
    .output(pageOutput<Awaited<ReturnType<typeof tv.myProcess>>>())
    .query(({ ctx, input }) => tv.myProcess(ctx.deps, ctx.login, input)),
  flowRecord: authedProcedure.input(s.flowRecordInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/flowRecord', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => tv.flowRecord(ctx.deps, ctx.login, input.procInsId, input.deployId)),
  flowXmlAndNode: authedProcedure.input(s.flowXmlAndNodeInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/flowXmlAndNode', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => tv.flowXmlAndNode(ctx.deps, ctx.login, input.deployId, input.procInsId)),
  flowViewer: authedProcedure.input(s.flowViewerInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/flowViewer/:procInsId/:executionId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => tv.flowViewer(ctx.deps, ctx.login, input.procInsId)),
  processVariables: authedProcedure.input(s.taskIdInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/processVariables/:taskId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => tv.processVariables(ctx.deps, ctx.login, input.taskId)),
  flowTaskForm: authedProcedure.input(s.taskIdInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/flowTaskForm', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => tv.flowTaskForm(ctx.deps, ctx.login, input.taskId)),
  flowFormData: authedProcedure.input(s.deployIdInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/flowFormData', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => tv.flowFormData(ctx.deps, input.deployId)),
  /** `{data}` or `{msg: '流程已完结!'}` (REST envelope ajax). */
  nextFlowNode: authedProcedure.input(s.nextFlowNodeInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/nextFlowNode', input: ['query', 'body'], envelope: 'ajax' } })
    .output(dataOrMsgOutput<NextNode>())
    .query(({ ctx, input }) => tv.nextFlowNode(ctx.deps, ctx.login, input.taskId, input.variables)),
  nextFlowNodeByStart: permProcedure(PROCESS_START_PERM).input(s.nextFlowNodeByStartInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/nextFlowNodeByStart', input: ['query', 'body'], envelope: 'data' } })
    .query(({ ctx, input }) => tv.nextFlowNodeByStart(ctx.deps, input)),
  complete: act('任务审批').input(s.taskActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/complete', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.taskComplete(ctx.deps, ctx.login, input); }),
  reject: act('任务驳回').input(s.taskActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/reject', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.taskReject(ctx.deps, ctx.login, input); }),
  returnList: authedProcedure.input(s.taskActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/returnList', input: ['query', 'body'], envelope: 'data' } })
    .query(({ ctx, input }) => ts.taskReturnList(ctx.deps, ctx.login, input.taskId)),
  return: act('任务退回').input(s.returnInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/return', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.taskReturn(ctx.deps, ctx.login, input); }),
  delegate: act('任务委派').input(s.assigneeActionInput)
    .meta({
      rest: {
        method: 'POST', path: '/flowable/task/delegate', input: ['query', 'body'], envelope: 'data',
        aliases: [{ method: 'POST', path: '/flowable/task/delegateTask' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await ts.taskDelegate(ctx.deps, ctx.login, input); }),
  resolveTask: act('任务委派').input(s.taskActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/resolveTask', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.taskResolve(ctx.deps, ctx.login, input); }),
  claim: act('任务签收').input(s.taskActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/claim', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.taskClaim(ctx.deps, ctx.login, input.taskId); }),
  unClaim: act('任务签收').input(s.taskActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/unClaim', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.taskUnclaim(ctx.deps, ctx.login, input.taskId); }),
  /** 转办 to `assignee` by the task's holder (comment 5). */
  assignTask: act('任务转办').input(s.assigneeActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/assignTask', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.taskAssign(ctx.deps, ctx.login, input); }),
  revokeProcess: act('流程撤回').input(s.instanceActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/revokeProcess', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.instanceRevoke(ctx.deps, ctx.login, input); }),
  /** Initiator only; the super admin may stop any instance. */
  stopProcess: act('流程终止').input(s.instanceActionInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/stopProcess', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.instanceStop(ctx.deps, ctx.login, input); }),
  delete: logged('任务删除', 3).input(s.taskActionInput)
    .meta({ rest: { method: 'DELETE', path: '/flowable/task/delete', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await tv.deleteTask(ctx.deps, ctx.login, input.taskId); }),
};
