/**
 * Definition procedures (api-contract "Workflow"): `flowable.definition.*` (without `simulate`:
 * ../simulate/simulate.router.ts), `flowable.process.startFlow` and `system.deployment.*`.
 * Definition rows need a session (upstream: no perms) and definition data stays open to every
 * session (list, XML, diagram, pickers), except (issue 11 §3; upstream lets anyone): definition
 * save/import, updateState, remove need `system:deployment:add/edit/remove` like the
 * `/system/deployment` rows (whose list/get need a session, writes
 * `system:deployment:add/edit/remove/export`); validate and serviceHandlers need
 * `system:deployment:add`. Starting (definition.start) and the start screen's read
 * (process.startFlow) need `flowable:process:start` (issue 40 §1).
 */
import * as s from '../../../../shared/schemas/flowable';
import { router } from '../../../trpc/init';
import { authedProcedure, permProcedure } from '../../../trpc/procedures';
import { ajaxOutput, pageOutput } from '../../../trpc/output';
import { PROCESS_START_PERM } from '../common/access.service';
import { log } from '../common/router-meta';
import * as wf from './definition.service';
import * as mc from './model-check';
import { startFlow } from './start-flow';
import { textList } from '../../../core/rest-meta';

/** `flowable.definition.*` (merged with `simulate` in ../flowable.router.ts). */
export const definitionProcedures = {
  // The four workflow lists answer rows/total and RuoYi-flowable's data page (issue 41 §1): this one and
  // flowable.task.todoList / finishedList / myProcess (REST envelope `page`).
  list: authedProcedure.input(s.definitionListInput)
    .meta({ rest: { method: 'GET', path: '/flowable/definition/list', input: ['query'], envelope: 'page' } })
    .output(pageOutput<Awaited<ReturnType<typeof wf.definitionList>>>())
    .query(({ ctx, input }) => wf.definitionList(ctx.deps, input)),
  /** Deploys `{name, category, xml}` → `{msg: '导入成功', data: deploy result}` (REST envelope ajax). */
  save: permProcedure('system:deployment:add').meta(log('流程定义', 1)).input(s.definitionSaveInput)
    .meta({ rest: { method: 'POST', path: '/flowable/definition/save', input: ['query', 'body'], envelope: 'ajax' } })
    .output(ajaxOutput<{ msg: string; data: Awaited<ReturnType<typeof mc.designerSave>> }>())
    .mutation(async ({ ctx, input }) => ({ msg: '导入成功', data: await mc.designerSave(ctx.deps, input) })),
  /** Every problem of `{xml}` (engine.validate) → `[{elementId, elementName, elementType, message}]`; deploys nothing. */
  validate: permProcedure('system:deployment:add').input(s.definitionValidateInput)
    .meta({ rest: { method: 'POST', path: '/flowable/definition/validate', input: ['body'], envelope: 'data' } })
    .mutation(({ ctx, input }) => mc.validateModel(ctx.deps, input.xml)),
  /** Registered service-task handler names, sorted (the designer's 处理器 select). */
  serviceHandlers: permProcedure('system:deployment:add')
    .meta({ rest: { method: 'GET', path: '/flowable/definition/serviceHandlers', envelope: 'data' } })
    .query(() => mc.serviceHandlerNames()),
  import: permProcedure('system:deployment:add').meta(log('流程定义', 6)).input(s.definitionImportInput)
    .meta({ rest: { method: 'POST', path: '/flowable/definition/import', input: ['query', 'multipart'], envelope: 'ajax' } })
    .output(ajaxOutput<{ msg: string; data: Awaited<ReturnType<typeof wf.definitionImport>> }>())
    .mutation(async ({ ctx, input }) => ({ msg: '导入成功', data: await wf.definitionImport(ctx.deps, input) })),
  readXml: authedProcedure.input(s.deployIdInput)
    .meta({ rest: { method: 'GET', path: '/flowable/definition/readXml/:deployId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => wf.definitionXml(ctx.deps, input.deployId)),
  readImage: authedProcedure.input(s.deployIdInput)
    .meta({ rest: { method: 'GET', path: '/flowable/definition/readImage/:deployId', input: ['params'], envelope: 'file' } })
    .query(({ ctx, input }) => wf.definitionImage(ctx.deps, input.deployId)),
  updateState: permProcedure('system:deployment:edit').meta(log('流程定义', 2)).input(s.updateStateInput)
    .meta({
      rest: {
        method: 'PUT', path: '/flowable/definition/updateState', input: ['query', 'body'], envelope: 'data',
        aliases: [{ method: 'POST', path: '/flowable/definition/updateState' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await wf.definitionState(ctx.deps, input.deployId, input.state); }),
  remove: permProcedure('system:deployment:remove').meta(log('流程定义', 3)).input(s.deployIdsInput)
    .meta({
      rest: {
        method: 'DELETE', path: '/flowable/definition/:deployIds', input: ['params'], mapInput: (r) => ({ deployIds: textList(r.deployIds) }), envelope: 'data',
      },
    })
    .mutation(async ({ ctx, input }) => { await wf.definitionDelete(ctx.deps, input.deployIds); }),
  /**
   * Starts as the current user → `{msg: '流程启动成功', data: {instanceId, tasks, ended}}`. REST input:
   * `{procDefId, ...variables}` (path + JSON body) → `{procDefId, variables}`.
   */
  start: permProcedure(PROCESS_START_PERM).meta(log('流程定义', 1)).input(s.startInput)
    .meta({
      rest: {
        method: 'POST', path: '/flowable/definition/start/:procDefId', input: ['body', 'params'], mapInput: ({ procDefId, ...variables }) => ({ procDefId, variables }), envelope: 'ajax',
      },
    })
    .mutation(async ({ ctx, input }) => ({ msg: '流程启动成功', data: await wf.definitionStart(ctx.deps, ctx.login, input.procDefId, input.variables) })),
  userList: authedProcedure.input(s.userPickerInput.optional())
    .meta({ rest: { method: 'GET', path: '/flowable/definition/userList', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => wf.userOptions(ctx.deps, input ?? {})),
  roleList: authedProcedure
    .meta({ rest: { method: 'GET', path: '/flowable/definition/roleList', envelope: 'data' } })
    .query(({ ctx }) => wf.roleOptions(ctx.deps)),
  expList: authedProcedure
    .meta({ rest: { method: 'GET', path: '/flowable/definition/expList', envelope: 'data' } })
    .query(({ ctx }) => wf.expOptions(ctx.deps)),
};

/** `flowable.process.startFlow`: the start screen's read of a deployment (start-flow.ts). */
export const processRouter = router({
  startFlow: permProcedure(PROCESS_START_PERM).input(s.deployIdInput)
    .meta({ rest: { method: 'GET', path: '/flowable/process/startFlow/:deployId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => startFlow(ctx.deps, input.deployId)),
});

/** `system.deployment.*` (handed to the system domain by ../flowable.router.ts `flowableSystemRouters`, merged into `system` by ../../system/index.ts). */
export const deploymentRouter = router({
  list: authedProcedure.input(s.deploymentListInput)
    .meta({ rest: { method: 'GET', path: '/system/deployment/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => wf.deploymentList(ctx.deps, input)),
  get: authedProcedure.input(s.deploymentIdInput)
    .meta({ rest: { method: 'GET', path: '/system/deployment/:deploymentId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => wf.deploymentGet(ctx.deps, input.deploymentId)),
  add: permProcedure('system:deployment:add').meta(log('流程部署', 1)).input(s.deploymentAddInput)
    .meta({ rest: { method: 'POST', path: '/system/deployment', input: ['body'], envelope: 'data' } })
    .mutation(({ ctx, input }) => wf.definitionSave(ctx.deps, input)),
  update: permProcedure('system:deployment:edit').meta(log('流程部署', 2)).input(s.deploymentUpdateInput)
    .meta({
      rest: {
        method: 'PUT', path: '/system/deployment', input: ['body'], envelope: 'data',
        aliases: [{ method: 'POST', path: '/system/deployment/update' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await wf.deploymentUpdate(ctx.deps, input); }),
  remove: permProcedure('system:deployment:remove').meta(log('流程部署', 3)).input(s.deploymentIdsInput)
    .meta({
      rest: {
        method: 'DELETE', path: '/system/deployment/:ids', input: ['params'], mapInput: (r) => ({ ids: textList(r.ids) }), envelope: 'data',
      },
    })
    .mutation(async ({ ctx, input }) => { await wf.definitionDelete(ctx.deps, input.ids); }),
  export: permProcedure('system:deployment:export').meta(log('流程部署', 5)).input(s.deploymentExportInput)
    .meta({
      rest: {
        method: 'GET', path: '/system/deployment/export', input: ['query'], envelope: 'file',
        aliases: [{ method: 'POST', path: '/system/deployment/export' }],
      },
    })
    .query(({ ctx, input }) => wf.deploymentExport(ctx.deps, input)),
});
