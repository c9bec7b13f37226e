/**
 * Service task (Flowable ServiceTaskDelegateExpressionActivityBehavior / ClassDelegate /
 * ServiceTaskExpressionActivityBehavior), through registered handlers only (never eval):
 * - `flowable:class="x.y.Z"` → `handlers.services['x.y.Z']`;
 * - `flowable:delegateExpression="${name}"` → `handlers.services[name]`;
 * - `flowable:expression="${bean.method(a)}"` → the JUEL evaluator over the token's variables,
 *   the `execution` facade and the registered beans; `flowable:resultVariable` receives the
 *   value (a non-local write: the nearest scope holding it, else the instance).
 * Field injection: literal strings, or expressions evaluated now in the token's scope.
 * A handler throwing `BpmnError(code)` raises BPMN error `code` from the task (its own error
 * boundaries first, runtime/errors.ts); any other throw fails the command (AppError refused with its
 * message; an AppError or ExpressionError passes as it is) and rolls it back.
 */
import { isReplayDb, NeedExec } from '../store/replay-db';
import { AppError, refused } from '../../core/errors';
import type { GraphNode } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import { evaluate } from '../expression';
import { ExpressionError } from '../expression';
import type { ServiceHandler } from '../types';
import { scopeChain, setVar, type Ctx } from './context';
import { executionApi, tokenScope } from './listeners';
import { delegateName } from '../model/lint';

/** True for a BpmnError (also one built by another copy of the class: name + errorCode). */
export function isBpmnError(e: unknown): e is { errorCode: string; message: string } {
  return e instanceof Error && e.name === 'BpmnError' && typeof (e as { errorCode?: unknown }).errorCode === 'string';
}

/**
 * Runs the service of `node` for token `exec`. Returns the BPMN error code the handler raised
 * (the caller propagates it), or null when the task completed.
 */
export function runServiceTask(ctx: Ctx, exec: ExecutionRow, node: GraphNode): string | null {
  const st = node.serviceTask!;
  const scope = tokenScope(ctx, exec, 'start');
  try {
    if (st.kind === 'expression') {
      const value = evaluate(st.value, scope);
      if (st.resultVariable) setVar(ctx, scopeChain(ctx, exec), st.resultVariable, value);
      return null;
    }
    const name = st.kind === 'class' ? st.value : delegateName(st.value) ?? st.value;
    const services = ctx.handlers.services;
    const handler: ServiceHandler | undefined = services && Object.prototype.hasOwnProperty.call(services, name) ? services[name] : undefined;
    if (!handler) throw refused(`${node.id} (bpmn:ServiceTask) 的服务未注册: ${st.value}`);
    const fields: Record<string, unknown> = {};
    for (const f of st.fields) fields[f.name] = f.expression !== undefined ? evaluate(f.expression, scope) : f.stringValue;
    const api = executionApi(ctx, exec, 'start');
    const db: unknown = ctx.uow.db;
    if (isReplayDb(db)) db.once([api], ([a]) => handler({ execution: a, fields }));
    else handler({ execution: api, fields });
    return null;
  } catch (e) {
    if (e instanceof NeedExec) throw e; // replayed (store/replay-db.ts)
    if (isBpmnError(e)) return e.errorCode;
    if (e instanceof AppError || e instanceof ExpressionError) throw e;
    throw refused(e instanceof Error ? e.message : String(e));
  }
}
