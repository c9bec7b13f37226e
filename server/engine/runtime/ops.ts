/**
 * Late-bound runtime operations. The agenda enters sub-processes, call activities and error
 * throws (scopes.ts, call-activity.ts, errors.ts), and those continue tokens through the agenda
 * again; the call activity cancels and is cancelled by scopes, and errors propagate to callers.
 * To keep the module graph acyclic (dependency-cruiser `no-circular`), the lower modules call
 * these through `ops`, filled once at load by the module that implements each one
 * (agenda.ts: the token moves; call-activity.ts: the caller links). The multi-instance body
 * does the same with the TokenOps argument.
 */
import type { GraphNode } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import type { Ctx } from './context';

export interface RuntimeOps {
  /** agenda.ts: a new token at `activityId` (null while it takes a flow) under `parentId`. */
  newExecution(ctx: Ctx, activityId: string | null, parentId?: string | null): ExecutionRow;
  /** agenda.ts: plans the token's arrival at its current activity. */
  planContinue(ctx: Ctx, exec: ExecutionRow): void;
  /** agenda.ts: leaves `node` through `flows` (or the chosen outgoing flows). */
  leaveNode(ctx: Ctx, exec: ExecutionRow, node: GraphNode, flows?: string[]): void;
  /** agenda.ts: ends the instance at `endActivityId`. */
  endInstance(ctx: Ctx, endActivityId: string, stopped?: boolean): void;
  /** call-activity.ts: cancels the child instance a call activity's token waits for. */
  cancelCalledInstance(ctx: Ctx, exec: ExecutionRow, reason: string): void;
  /** call-activity.ts: hands an uncaught error to the calling instance; false when there is none. */
  propagateErrorToCaller(ctx: Ctx, code: string): boolean;
}

const registered: Partial<RuntimeOps> = {};

/** Registers implementations (called at module load by agenda.ts and call-activity.ts). */
export function registerOps(impl: Partial<RuntimeOps>): void {
  Object.assign(registered, impl);
}

function op<K extends keyof RuntimeOps>(name: K): RuntimeOps[K] {
  const f = registered[name];
  if (!f) throw new Error(`runtime operation ${name} is not registered (runtime/agenda.ts not loaded)`);
  return f;
}

/** The late-bound operations (each looked up at call time). */
export const ops: RuntimeOps = {
  newExecution: (ctx, activityId, parentId = null) => op('newExecution')(ctx, activityId, parentId),
  planContinue: (ctx, exec) => op('planContinue')(ctx, exec),
  leaveNode: (ctx, exec, node, flows) => op('leaveNode')(ctx, exec, node, flows),
  endInstance: (ctx, endActivityId, stopped) => op('endInstance')(ctx, endActivityId, stopped),
  cancelCalledInstance: (ctx, exec, reason) => op('cancelCalledInstance')(ctx, exec, reason),
  propagateErrorToCaller: (ctx, code) => op('propagateErrorToCaller')(ctx, code),
};
