/**
 * Workflow procedures (api-contract "Workflow"): `flowable.definition|task|instance|process|
 * expression|listener|form` and `system.deployment`. Definition, task, instance and process rows
 * need a session (upstream: no perms), except (issue 11 §3; upstream lets anyone): definition
 * save/import, updateState, remove need `system:deployment:add/edit/remove` like the
 * `/system/deployment` rows; reads of instance data answer participants and holders of
 * `flowable:instance:monitor` only (access.service.ts); suspending or deleting an instance is for
 * its initiator or a holder of system:deployment:edit / remove. Starting (definition.start,
 * instance.startBy) and the start screen's reads (process.startFlow, task.nextFlowNodeByStart)
 * need `flowable:process:start` (issue 40 §1). The libraries need
 * `system:expression:*`, `system:listener:*`, `flowable:form:*`.
 */
import * as s from '../../../shared/schemas/flowable';
import { router } from '../../trpc/init';
import { auditedProcedure, authedProcedure, permProcedure } from '../../trpc/procedures';
import * as wf from './flowable.service';
import * as lib from './library.service';
import * as ts from './task.service';
import * as mc from './model-check';
import * as ev from './event.service';
import * as es from '../../../shared/schemas/flowable/events';
import * as ccs from '../../../shared/schemas/flowable/cc';
import * as cc from './cc.service';
import * as sg from '../../../shared/schemas/flowable/sign';
import * as sign from './sign.service';
import { simulateInput } from '../../../shared/schemas/flowable/simulate';
import { simulateModel } from './simulate.service';
import { PROCESS_START_PERM } from './access.service';
import { startFlow } from './start-flow';

const log = (title: string, businessType: number) => ({ log: { title, businessType } });
/** Authed + operation log (workflow writes without a permission of their own). */
const logged = (title: string, businessType: number) => auditedProcedure.meta(log(title, businessType));

const definition = router({
  list: authedProcedure.input(s.definitionListInput).query(({ ctx, input }) => wf.definitionList(ctx.deps, input)),
  /** Deploys `{name, category, xml}` → `{msg: '导入成功', data: deploy result}` (REST envelope ajax). */
  save: permProcedure('system:deployment:add').meta(log('流程定义', 1)).input(s.definitionSaveInput)
    .mutation(async ({ ctx, input }) => ({ msg: '导入成功', data: await mc.designerSave(ctx.deps, input) })),
  /** Every problem of `{xml}` (engine.validate) → `[{elementId, elementName, elementType, message}]`; deploys nothing. */
  validate: permProcedure('system:deployment:add').input(s.definitionValidateInput)
    .mutation(({ ctx, input }) => mc.validateModel(ctx.deps, input.xml)),
  /** Registered service-task handler names, sorted (the designer's 处理器 select). */
  serviceHandlers: permProcedure('system:deployment:add').query(() => mc.serviceHandlerNames()),
  /** 流程模拟 (issue 16): runs `{xml}` on a throwaway engine, deploys nothing → simulate.service.ts `SimulateResult`. */
  simulate: permProcedure('system:deployment:add').input(simulateInput).mutation(({ ctx, input }) => simulateModel(ctx.deps, ctx.login, input)),
  import: permProcedure('system:deployment:add').meta(log('流程定义', 6)).input(s.definitionImportInput)
    .mutation(async ({ ctx, input }) => ({ msg: '导入成功', data: await wf.definitionImport(ctx.deps, input) })),
  readXml: authedProcedure.input(s.deployIdInput).query(({ ctx, input }) => wf.definitionXml(ctx.deps, input.deployId)),
  readImage: authedProcedure.input(s.deployIdInput).query(({ ctx, input }) => wf.definitionImage(ctx.deps, input.deployId)),
  updateState: permProcedure('system:deployment:edit').meta(log('流程定义', 2)).input(s.updateStateInput)
    .mutation(({ ctx, input }) => { wf.definitionState(ctx.deps, input.deployId, input.state); }),
  remove: permProcedure('system:deployment:remove').meta(log('流程定义', 3)).input(s.deployIdsInput)
    .mutation(({ ctx, input }) => { wf.definitionDelete(ctx.deps, input.deployIds); }),
  /** Starts as the current user → `{msg: '流程启动成功', data: {instanceId, tasks, ended}}`. */
  start: permProcedure(PROCESS_START_PERM).meta(log('流程定义', 1)).input(s.startInput).mutation(({ ctx, input }) => ({ msg: '流程启动成功', data: wf.definitionStart(ctx.deps, ctx.login, input.procDefId, input.variables) })),
  userList: authedProcedure.input(s.userPickerInput.optional()).query(({ ctx, input }) => wf.userOptions(ctx.deps, input ?? {})),
  roleList: authedProcedure.query(({ ctx }) => wf.roleOptions(ctx.deps)),
  expList: authedProcedure.query(({ ctx }) => wf.expOptions(ctx.deps)),
});

const act = (title: string) => logged(title, 2);
const task = router({
  // The REST envelope takes the rows as JSON bytes, read off this thread (todo-reader.ts); tRPC
  // gets the objects (a JsonPage would serialise to the same {total, rows} through its toJSON).
  todoList: authedProcedure.input(s.taskListInput).query(({ ctx, input }) => (ctx.restEnvelope
    ? wf.todoListJson(ctx.deps, ctx.login, input) as unknown as Promise<ReturnType<typeof wf.todoList>>
    : wf.todoList(ctx.deps, ctx.login, input))),
  finishedList: authedProcedure.input(s.taskListInput).query(({ ctx, input }) => wf.finishedList(ctx.deps, ctx.login, input)),
  myProcess: authedProcedure.input(s.taskListInput).query(({ ctx, input }) => wf.myProcess(ctx.deps, ctx.login, input)),
  flowRecord: authedProcedure.input(s.flowRecordInput).query(({ ctx, input }) => wf.flowRecord(ctx.deps, ctx.login, input.procInsId, input.deployId)),
  flowXmlAndNode: authedProcedure.input(s.flowXmlAndNodeInput).query(({ ctx, input }) => wf.flowXmlAndNode(ctx.deps, ctx.login, input.deployId, input.procInsId)),
  flowViewer: authedProcedure.input(s.flowViewerInput).query(({ ctx, input }) => wf.flowViewer(ctx.deps, ctx.login, input.procInsId)),
  processVariables: authedProcedure.input(s.taskIdInput).query(({ ctx, input }) => wf.processVariables(ctx.deps, ctx.login, input.taskId)),
  flowTaskForm: authedProcedure.input(s.taskIdInput).query(({ ctx, input }) => wf.flowTaskForm(ctx.deps, ctx.login, input.taskId)),
  flowFormData: authedProcedure.input(s.deployIdInput).query(({ ctx, input }) => wf.flowFormData(ctx.deps, input.deployId)),
  /** `{data}` or `{msg: '流程已完结!'}` (REST envelope ajax). */
  nextFlowNode: authedProcedure.input(s.nextFlowNodeInput).query(({ ctx, input }) => wf.nextFlowNode(ctx.deps, ctx.login, input.taskId, input.variables)),
  nextFlowNodeByStart: permProcedure(PROCESS_START_PERM).input(s.nextFlowNodeByStartInput).query(({ ctx, input }) => wf.nextFlowNodeByStart(ctx.deps, input)),
  complete: act('任务审批').input(s.taskActionInput).mutation(({ ctx, input }) => { ts.taskComplete(ctx.deps, ctx.login, input); }),
  reject: act('任务驳回').input(s.taskActionInput).mutation(({ ctx, input }) => { ts.taskReject(ctx.deps, ctx.login, input); }),
  returnList: authedProcedure.input(s.taskActionInput).query(({ ctx, input }) => ts.taskReturnList(ctx.deps, ctx.login, input.taskId)),
  return: act('任务退回').input(s.returnInput).mutation(({ ctx, input }) => { ts.taskReturn(ctx.deps, ctx.login, input); }),
  delegate: act('任务委派').input(s.assigneeActionInput).mutation(({ ctx, input }) => { ts.taskDelegate(ctx.deps, ctx.login, input); }),
  resolveTask: act('任务委派').input(s.taskActionInput).mutation(({ ctx, input }) => { ts.taskResolve(ctx.deps, ctx.login, input); }),
  claim: act('任务签收').input(s.taskActionInput).mutation(({ ctx, input }) => { ts.taskClaim(ctx.deps, ctx.login, input.taskId); }),
  unClaim: act('任务签收').input(s.taskActionInput).mutation(({ ctx, input }) => { ts.taskUnclaim(ctx.deps, ctx.login, input.taskId); }),
  /** 转办 to `assignee` by the task's holder (comment 5). */
  assignTask: act('任务转办').input(s.assigneeActionInput).mutation(({ ctx, input }) => { ts.taskAssign(ctx.deps, ctx.login, input); }),
  revokeProcess: act('流程撤回').input(s.instanceActionInput).mutation(({ ctx, input }) => { ts.instanceRevoke(ctx.deps, ctx.login, input); }),
  /** Initiator only; the super admin may stop any instance. */
  stopProcess: act('流程终止').input(s.instanceActionInput).mutation(({ ctx, input }) => { ts.instanceStop(ctx.deps, ctx.login, input); }),
  delete: logged('任务删除', 3).input(s.taskActionInput).mutation(({ ctx, input }) => { wf.deleteTask(ctx.deps, ctx.login, input.taskId); }),
  /** 抄送 by the task's holder (comment 8) → `{count}` (issue 16). */
  copy: act('任务抄送').input(ccs.copyInput).mutation(({ ctx, input }) => cc.taskCopy(ctx.deps, ctx.login, input)),
  /** 加签 on a running countersign by the task's holder (comment 9; issue 16). */
  addSign: act('任务加签').input(sg.addSignInput).mutation(({ ctx, input }) => { sign.taskAddSign(ctx.deps, ctx.login, input); }),
  /** 减签 of a signer who has not acted (comment 10). */
  removeSign: act('任务减签').input(sg.removeSignInput).mutation(({ ctx, input }) => { sign.taskRemoveSign(ctx.deps, ctx.login, input); }),
  /** The countersign of a task (readers of its instance): `{multiInstance, sequential, signers}`. */
  signers: authedProcedure.input(s.taskIdInput).query(({ ctx, input }) => sign.taskSigners(ctx.deps, ctx.login, input.taskId)),
});

/** 抄送我的 (issue 16): the caller's own copies only. */
const ccRouter = router({
  list: authedProcedure.input(ccs.ccListInput).query(({ ctx, input }) => cc.ccList(ctx.deps, ctx.login, input)),
  /** Marks the caller's copies of an instance read → `{count}`. */
  read: authedProcedure.input(ccs.ccReadInput).mutation(({ ctx, input }) => cc.ccRead(ctx.deps, ctx.login, input.procInsId)),
  unread: authedProcedure.query(({ ctx }) => cc.ccUnread(ctx.deps, ctx.login)),
});

const instance = router({
  startBy: permProcedure(PROCESS_START_PERM).meta(log('流程实例', 1)).input(s.startInput).mutation(({ ctx, input }) => ({ msg: '流程启动成功', data: wf.definitionStart(ctx.deps, ctx.login, input.procDefId, input.variables) })),
  /** Suspend/activate: the initiator, or a holder of system:deployment:edit (403 otherwise). */
  updateState: logged('流程实例', 2).input(s.instanceStateInput).mutation(({ ctx, input }) => { ts.instanceState(ctx.deps, ctx.login, input); }),
  /** Delete (runtime and history): each instance's initiator, or a holder of system:deployment:remove. */
  remove: logged('流程实例', 3).input(s.instanceDeleteInput).mutation(({ ctx, input }) => { ts.instanceRemove(ctx.deps, ctx.login, input); }),
});

/** Messages, signals, receive tasks → `{data}` (event.service.ts: participants / system:deployment:edit, else 403). */
const runtime = router({
  message: logged('流程消息', 0).input(es.messageCorrelateInput).mutation(({ ctx, input }) => ({ data: ev.messageCorrelate(ctx.deps, ctx.login, input) })),
  signal: logged('流程信号', 0).input(es.signalBroadcastInput).mutation(({ ctx, input }) => ({ data: ev.signalBroadcast(ctx.deps, ctx.login, input) })),
  trigger: logged('接收任务触发', 2).input(es.receiveTriggerInput).mutation(({ ctx, input }) => ({ data: ev.receiveTrigger(ctx.deps, ctx.login, input) })),
});

const process = router({
  startFlow: permProcedure(PROCESS_START_PERM).input(s.deployIdInput).query(({ ctx, input }) => startFlow(ctx.deps, input.deployId)),
});

const expression = router({
  list: permProcedure('system:expression:list').input(s.expressionListInput).query(({ ctx, input }) => lib.expressionList(ctx.deps, input)),
  get: permProcedure('system:expression:query').input(s.libraryIdInput).query(({ ctx, input }) => lib.expressionGet(ctx.deps, input.id)),
  add: permProcedure('system:expression:add').meta(log('流程表达式', 1)).input(s.expressionAddInput)
    .mutation(({ ctx, input }) => ({ id: lib.expressionAdd(ctx.deps, ctx.login, input) })),
  update: permProcedure('system:expression:edit').meta(log('流程表达式', 2)).input(s.expressionUpdateInput)
    .mutation(({ ctx, input }) => { lib.expressionUpdate(ctx.deps, ctx.login, input); }),
  remove: permProcedure('system:expression:remove').meta(log('流程表达式', 3)).input(s.libraryIdsInput)
    .mutation(({ ctx, input }) => { lib.expressionRemove(ctx.deps, input.ids); }),
  export: permProcedure('system:expression:export').meta(log('流程表达式', 5)).input(s.expressionExportInput)
    .mutation(({ ctx, input }) => lib.expressionExport(ctx.deps, input)),
});

const listener = router({
  list: permProcedure('system:listener:list').input(s.listenerListInput).query(({ ctx, input }) => lib.listenerList(ctx.deps, input)),
  get: permProcedure('system:listener:query').input(s.libraryIdInput).query(({ ctx, input }) => lib.listenerGet(ctx.deps, input.id)),
  add: permProcedure('system:listener:add').meta(log('流程监听', 1)).input(s.listenerAddInput)
    .mutation(({ ctx, input }) => ({ id: lib.listenerAdd(ctx.deps, ctx.login, input) })),
  update: permProcedure('system:listener:edit').meta(log('流程监听', 2)).input(s.listenerUpdateInput)
    .mutation(({ ctx, input }) => { lib.listenerUpdate(ctx.deps, ctx.login, input); }),
  remove: permProcedure('system:listener:remove').meta(log('流程监听', 3)).input(s.libraryIdsInput)
    .mutation(({ ctx, input }) => { lib.listenerRemove(ctx.deps, input.ids); }),
  export: permProcedure('system:listener:export').meta(log('流程监听', 5)).input(s.listenerExportInput)
    .mutation(({ ctx, input }) => lib.listenerExport(ctx.deps, input)),
});

const form = router({
  list: permProcedure('flowable:form:list').input(s.formListInput).query(({ ctx, input }) => lib.formList(ctx.deps, input)),
  formList: permProcedure('flowable:form:list').query(({ ctx }) => lib.formOptions(ctx.deps)),
  get: permProcedure('flowable:form:query').input(s.formIdInput).query(({ ctx, input }) => lib.formGet(ctx.deps, input.formId)),
  add: permProcedure('flowable:form:add').meta(log('流程表单', 1)).input(s.formAddInput)
    .mutation(({ ctx, input }) => ({ formId: lib.formAdd(ctx.deps, ctx.login, input) })),
  update: permProcedure('flowable:form:edit').meta(log('流程表单', 2)).input(s.formUpdateInput)
    .mutation(({ ctx, input }) => { lib.formUpdate(ctx.deps, ctx.login, input); }),
  remove: permProcedure('flowable:form:remove').meta(log('流程表单', 3)).input(s.formIdsInput)
    .mutation(({ ctx, input }) => { lib.formRemove(ctx.deps, input.formIds); }),
  export: permProcedure('flowable:form:export').meta(log('流程表单', 5)).input(s.formExportInput)
    .query(({ ctx, input }) => lib.formExport(ctx.deps, input)),
  /** Links the deployment's main form (no-op when it has one). */
  addDeployForm: permProcedure('flowable:form:add').meta(log('流程表单', 1)).input(s.deployFormInput)
    .mutation(({ ctx, input }) => { lib.addDeployForm(ctx.deps, input.formId, input.deployId); }),
});

const deployment = router({
  list: authedProcedure.input(s.deploymentListInput).query(({ ctx, input }) => wf.deploymentList(ctx.deps, input)),
  get: authedProcedure.input(s.deploymentIdInput).query(({ ctx, input }) => wf.deploymentGet(ctx.deps, input.deploymentId)),
  add: permProcedure('system:deployment:add').meta(log('流程部署', 1)).input(s.deploymentAddInput)
    .mutation(({ ctx, input }) => wf.definitionSave(ctx.deps, input)),
  update: permProcedure('system:deployment:edit').meta(log('流程部署', 2)).input(s.deploymentUpdateInput)
    .mutation(({ ctx, input }) => { wf.deploymentUpdate(ctx.deps, input); }),
  remove: permProcedure('system:deployment:remove').meta(log('流程部署', 3)).input(s.deploymentIdsInput)
    .mutation(({ ctx, input }) => { wf.definitionDelete(ctx.deps, input.ids); }),
  export: permProcedure('system:deployment:export').meta(log('流程部署', 5)).input(s.deploymentExportInput)
    .query(({ ctx, input }) => wf.deploymentExport(ctx.deps, input)),
});

export const flowableRouter = router({ definition, task, instance, runtime, process, expression, listener, form, cc: ccRouter });
/** Keys merged into `system`: `system.deployment`, and `system.expression` / `system.listener` (same procedures). */
export const flowableSystemRouters = { deployment, expression, listener };
