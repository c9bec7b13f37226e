/**
 * Library procedures (forms, expressions, listeners): `flowable.expression.*` (= `system.expression.*`)
 * needs `system:expression:list|query|add|edit|remove|export`, `flowable.listener.*`
 * (= `system.listener.*`) `system:listener:*`, `flowable.form.*` `flowable:form:*` (addDeployForm:
 * `flowable:form:add`). The expression and listener routers are mounted twice by ../flowable.router.ts.
 */
import * as s from '../../../../shared/schemas/flowable';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { log } from '../common/router-meta';
import * as lib from './library.service';

export const expressionRouter = router({
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

export const listenerRouter = router({
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

export const formRouter = router({
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
