/**
 * Library procedures (forms, expressions, listeners): `flowable.expression.*` (= `system.expression.*`)
 * needs `system:expression:list|query|add|edit|remove|export`, `flowable.listener.*`
 * (= `system.listener.*`) `system:listener:*`, `flowable.form.*` `flowable:form:*` (addDeployForm:
 * `flowable:form:add`). The expression and listener routers are mounted twice by ../flowable.router.ts;
 * their REST rows live under `/flowable/<name>` with `/system/<name>` aliases.
 */
import * as s from '../../../../shared/schemas/flowable';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { log } from '../common/router-meta';
import * as lib from './library.service';
import { idList } from '../../../core/rest-meta';

export const expressionRouter = router({
  list: permProcedure('system:expression:list').input(s.expressionListInput)
    .meta({
      rest: {
        method: 'GET', path: '/flowable/expression/list', input: ['query'], envelope: 'table',
        aliases: [{ method: 'GET', path: '/system/expression/list' }],
      },
    })
    .query(({ ctx, input }) => lib.expressionList(ctx.deps, input)),
  get: permProcedure('system:expression:query').input(s.libraryIdInput)
    .meta({
      rest: {
        method: 'GET', path: '/flowable/expression/:id', input: ['params'], envelope: 'data',
        aliases: [{ method: 'GET', path: '/system/expression/:id' }],
      },
    })
    .query(({ ctx, input }) => lib.expressionGet(ctx.deps, input.id)),
  add: permProcedure('system:expression:add').meta(log('流程表达式', 1)).input(s.expressionAddInput)
    .meta({
      rest: {
        method: 'POST', path: '/flowable/expression', input: ['body'], envelope: 'data',
        aliases: [{ method: 'POST', path: '/system/expression' }],
      },
    })
    .mutation(async ({ ctx, input }) => ({ id: await lib.expressionAdd(ctx.deps, ctx.login, input) })),
  update: permProcedure('system:expression:edit').meta(log('流程表达式', 2)).input(s.expressionUpdateInput)
    .meta({
      rest: {
        method: 'PUT', path: '/flowable/expression', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/expression' }, { method: 'POST', path: '/flowable/expression/update' }, { method: 'POST', path: '/system/expression/update' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await lib.expressionUpdate(ctx.deps, ctx.login, input); }),
  remove: permProcedure('system:expression:remove').meta(log('流程表达式', 3)).input(s.libraryIdsInput)
    .meta({
      rest: {
        method: 'DELETE', path: '/flowable/expression/:ids', input: ['params'], mapInput: (r) => ({ ids: idList(r.ids) }), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/expression/:ids' }, { method: 'POST', path: '/flowable/expression/delete/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await lib.expressionRemove(ctx.deps, input.ids); }),
  export: permProcedure('system:expression:export').meta(log('流程表达式', 5)).input(s.expressionExportInput)
    .meta({
      rest: {
        method: 'POST', path: '/flowable/expression/export', input: ['query', 'body'], envelope: 'file',
        aliases: [{ method: 'POST', path: '/system/expression/export' }, { method: 'GET', path: '/flowable/expression/export' }, { method: 'GET', path: '/system/expression/export' }],
      },
    })
    .mutation(({ ctx, input }) => lib.expressionExport(ctx.deps, input)),
});

export const listenerRouter = router({
  list: permProcedure('system:listener:list').input(s.listenerListInput)
    .meta({
      rest: {
        method: 'GET', path: '/flowable/listener/list', input: ['query'], envelope: 'table',
        aliases: [{ method: 'GET', path: '/system/listener/list' }],
      },
    })
    .query(({ ctx, input }) => lib.listenerList(ctx.deps, input)),
  get: permProcedure('system:listener:query').input(s.libraryIdInput)
    .meta({
      rest: {
        method: 'GET', path: '/flowable/listener/:id', input: ['params'], envelope: 'data',
        aliases: [{ method: 'GET', path: '/system/listener/:id' }],
      },
    })
    .query(({ ctx, input }) => lib.listenerGet(ctx.deps, input.id)),
  add: permProcedure('system:listener:add').meta(log('流程监听', 1)).input(s.listenerAddInput)
    .meta({
      rest: {
        method: 'POST', path: '/flowable/listener', input: ['body'], envelope: 'data',
        aliases: [{ method: 'POST', path: '/system/listener' }],
      },
    })
    .mutation(async ({ ctx, input }) => ({ id: await lib.listenerAdd(ctx.deps, ctx.login, input) })),
  update: permProcedure('system:listener:edit').meta(log('流程监听', 2)).input(s.listenerUpdateInput)
    .meta({
      rest: {
        method: 'PUT', path: '/flowable/listener', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/listener' }, { method: 'POST', path: '/flowable/listener/update' }, { method: 'POST', path: '/system/listener/update' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await lib.listenerUpdate(ctx.deps, ctx.login, input); }),
  remove: permProcedure('system:listener:remove').meta(log('流程监听', 3)).input(s.libraryIdsInput)
    .meta({
      rest: {
        method: 'DELETE', path: '/flowable/listener/:ids', input: ['params'], mapInput: (r) => ({ ids: idList(r.ids) }), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/listener/:ids' }, { method: 'POST', path: '/flowable/listener/delete/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await lib.listenerRemove(ctx.deps, input.ids); }),
  export: permProcedure('system:listener:export').meta(log('流程监听', 5)).input(s.listenerExportInput)
    .meta({
      rest: {
        method: 'POST', path: '/flowable/listener/export', input: ['query', 'body'], envelope: 'file',
        aliases: [{ method: 'POST', path: '/system/listener/export' }, { method: 'GET', path: '/flowable/listener/export' }, { method: 'GET', path: '/system/listener/export' }],
      },
    })
    .mutation(({ ctx, input }) => lib.listenerExport(ctx.deps, input)),
});

export const formRouter = router({
  list: permProcedure('flowable:form:list').input(s.formListInput)
    .meta({ rest: { method: 'GET', path: '/flowable/form/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => lib.formList(ctx.deps, input)),
  formList: permProcedure('flowable:form:list')
    .meta({ rest: { method: 'GET', path: '/flowable/form/formList', envelope: 'data' } })
    .query(({ ctx }) => lib.formOptions(ctx.deps)),
  get: permProcedure('flowable:form:query').input(s.formIdInput)
    .meta({ rest: { method: 'GET', path: '/flowable/form/:formId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => lib.formGet(ctx.deps, input.formId)),
  add: permProcedure('flowable:form:add').meta(log('流程表单', 1)).input(s.formAddInput)
    .meta({ rest: { method: 'POST', path: '/flowable/form', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ formId: await lib.formAdd(ctx.deps, ctx.login, input) })),
  update: permProcedure('flowable:form:edit').meta(log('流程表单', 2)).input(s.formUpdateInput)
    .meta({
      rest: {
        method: 'PUT', path: '/flowable/form', input: ['body'], envelope: 'data',
        aliases: [{ method: 'POST', path: '/flowable/form/update' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await lib.formUpdate(ctx.deps, ctx.login, input); }),
  remove: permProcedure('flowable:form:remove').meta(log('流程表单', 3)).input(s.formIdsInput)
    .meta({
      rest: {
        method: 'DELETE', path: '/flowable/form/:formIds', input: ['params'], mapInput: (r) => ({ formIds: idList(r.formIds) }), envelope: 'data',
      },
    })
    .mutation(async ({ ctx, input }) => { await lib.formRemove(ctx.deps, input.formIds); }),
  export: permProcedure('flowable:form:export').meta(log('流程表单', 5)).input(s.formExportInput)
    .meta({ rest: { method: 'GET', path: '/flowable/form/export', input: ['query'], envelope: 'file' } })
    .query(({ ctx, input }) => lib.formExport(ctx.deps, input)),
  /** Links the deployment's main form (no-op when it has one). */
  addDeployForm: permProcedure('flowable:form:add').meta(log('流程表单', 1)).input(s.deployFormInput)
    .meta({ rest: { method: 'POST', path: '/flowable/form/addDeployForm', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await lib.addDeployForm(ctx.deps, input.formId, input.deployId); }),
});
