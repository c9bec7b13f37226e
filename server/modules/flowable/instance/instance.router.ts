/**
 * Instance procedures: `flowable.instance.*` (api-contract "Workflow" `/flowable/instance/*`) and
 * the runtime events `flowable.runtime.*`. Starting (instance.startBy) needs `flowable:process:start`
 * (issue 40 §1); suspending or deleting an instance is for its initiator or a holder of
 * system:deployment:edit / remove (403 otherwise; issue 11 §3). Messages into a running instance,
 * signals to one instance and receive-task triggers: a participant of the instance or
 * `system:deployment:edit`; a message that starts an instance: any session allowed to start the
 * process; a signal to all instances: `system:deployment:edit` (event.service.ts).
 */
import * as s from '../../../../shared/schemas/flowable';
import * as es from '../../../../shared/schemas/flowable/events';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { ajaxOutput } from '../../../trpc/output';
import { PROCESS_START_PERM } from '../common/access.service';
import { log, logged } from '../common/router-meta';
import * as wf from '../definition/definition.service';
import * as ts from '../task/task.service';
import * as ev from './event.service';
import { textList } from '../../../core/rest-meta';

export const instanceRouter = router({
  /** As definition.start. REST input: `{procDefId, ...variables}` (path + JSON body) → `{procDefId, variables}`. */
  startBy: permProcedure(PROCESS_START_PERM).meta(log('流程实例', 1)).input(s.startInput)
    .meta({
      rest: {
        method: 'POST', path: '/flowable/instance/startBy/:procDefId', input: ['body', 'params'], mapInput: ({ procDefId, ...variables }) => ({ procDefId, variables }), envelope: 'ajax',
      },
    })
    .mutation(async ({ ctx, input }) => ({ msg: '流程启动成功', data: await wf.definitionStart(ctx.deps, ctx.login, input.procDefId, input.variables) })),
  /** Suspend/activate: the initiator, or a holder of system:deployment:edit (403 otherwise). */
  updateState: logged('流程实例', 2).input(s.instanceStateInput)
    .meta({ rest: { method: 'POST', path: '/flowable/instance/updateState', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await ts.instanceState(ctx.deps, ctx.login, input); }),
  /** Delete (runtime and history): each instance's initiator, or a holder of system:deployment:remove. */
  remove: logged('流程实例', 3).input(s.instanceDeleteInput)
    .meta({
      rest: {
        method: 'DELETE', path: '/flowable/instance/delete/:instanceIds', input: ['query', 'params'], mapInput: (r) => ({ ...r, instanceIds: textList(r.instanceIds) }), envelope: 'data',
      },
    })
    .mutation(async ({ ctx, input }) => { await ts.instanceRemove(ctx.deps, ctx.login, input); }),
});

/** Messages, signals, receive tasks (issue 13) → `{data}` (event.service.ts: participants / system:deployment:edit, else 403). */
export const runtimeRouter = router({
  message: logged('流程消息', 0).input(es.messageCorrelateInput)
    .meta({ rest: { method: 'POST', path: '/flowable/runtime/message', input: ['body'], envelope: 'ajax' } })
    .output(ajaxOutput<{ data: Awaited<ReturnType<typeof ev.messageCorrelate>> }>())
    .mutation(async ({ ctx, input }) => ({ data: await ev.messageCorrelate(ctx.deps, ctx.login, input) })),
  signal: logged('流程信号', 0).input(es.signalBroadcastInput)
    .meta({ rest: { method: 'POST', path: '/flowable/runtime/signal', input: ['body'], envelope: 'ajax' } })
    .output(ajaxOutput<{ data: Awaited<ReturnType<typeof ev.signalBroadcast>> }>())
    .mutation(async ({ ctx, input }) => ({ data: await ev.signalBroadcast(ctx.deps, ctx.login, input) })),
  trigger: logged('接收任务触发', 2).input(es.receiveTriggerInput)
    .meta({ rest: { method: 'POST', path: '/flowable/runtime/trigger', input: ['body'], envelope: 'ajax' } })
    .output(ajaxOutput<{ data: Awaited<ReturnType<typeof ev.receiveTrigger>> }>())
    .mutation(async ({ ctx, input }) => ({ data: await ev.receiveTrigger(ctx.deps, ctx.login, input) })),
});
