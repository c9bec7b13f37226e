/**
 * Gateway behaviours as XState v5 machines built from the element's model (design.md):
 *
 * - Exclusive gateway: one EVALUATE event whose guarded transitions are the outgoing flows in
 *   XML order (a non-default flow without condition counts as true), then the default flow,
 *   then the `failed` state (Flowable ExclusiveGatewayActivityBehavior.leave()).
 * - Parallel gateway join: ARRIVE with the number of tokens arrived so far; `fired` once as many
 *   arrived as the gateway has incoming flows (Flowable counts arrivals, no dead-path
 *   elimination), else `waiting` (the waiting token's row stores that value).
 * - Inclusive gateway fork: EVALUATE with the candidate flows whose condition held (all of them,
 *   XML order; a non-default flow without condition counts as true) → `selected` with those
 *   flows; none held → `selected` with the default flow; no default → `failed`
 *   (Flowable TakeOutgoingSequenceFlowsOperation.leaveFlowNode with condition evaluation).
 * - Inclusive gateway join: ARRIVE with `reachable` (can another token of the same scope still
 *   reach the gateway?) → `waiting`, else `fired` (Flowable
 *   InclusiveGatewayActivityBehavior.executeInclusiveGatewayLogic).
 */
import { setup, assign, transition, initialTransition, type AnyStateMachine } from 'xstate';
import type { GraphNode, ProcessGraph } from '../model/graph';

type XorEvent = { type: 'EVALUATE'; test: (flowId: string) => boolean };

function buildXor(graph: ProcessGraph, node: GraphNode) {
  const candidates = node.outgoing.filter((f) => f !== node.defaultFlow);
  const branches = [
    ...candidates.map((flowId) => ({
      guard: { type: 'holds' as const, params: { flowId, conditional: !!graph.flows[flowId].condition } },
      target: 'selected' as const,
      actions: { type: 'select' as const, params: { flow: flowId } },
    })),
    ...(node.defaultFlow ? [{ target: 'selected' as const, actions: { type: 'select' as const, params: { flow: node.defaultFlow } } }] : []),
    { target: 'failed' as const },
  ];
  return setup({
    types: { context: {} as { flow: string | null }, events: {} as XorEvent },
    guards: { holds: ({ event }, params: { flowId: string; conditional: boolean }) => !params.conditional || event.test(params.flowId) },
    actions: { select: assign((_, params: { flow: string }) => ({ flow: params.flow })) },
  }).createMachine({
    id: `xor:${node.id}`,
    initial: 'evaluating',
    context: { flow: null },
    states: {
      evaluating: { on: { EVALUATE: branches } },
      selected: { type: 'final' },
      failed: { type: 'final' },
    },
  });
}

interface XorEntry { candidates: string[]; conditional: boolean[]; outcomes: Array<string | null> }
const xorCache = new WeakMap<ProcessGraph, Map<string, XorEntry>>();

/**
 * The machine's answer for each possible "first guard that holds" (index k of the candidate
 * flows, or none): computed once per gateway with the pure `transition()`. Since transitions are
 * pure and xstate evaluates guards in order and stops at the first true one, evaluating the
 * conditions in the same order at run time and looking the answer up is the same decision
 * without building an actor scope per token (~100 µs each).
 */
function xorEntry(graph: ProcessGraph, node: GraphNode): XorEntry {
  let perGraph = xorCache.get(graph);
  if (!perGraph) xorCache.set(graph, (perGraph = new Map()));
  let entry = perGraph.get(node.id);
  if (!entry) {
    const machine: AnyStateMachine = buildXor(graph, node);
    const [start] = initialTransition(machine);
    const candidates = node.outgoing.filter((f) => f !== node.defaultFlow);
    const decide = (trueFlow: string | null) => {
      const [next] = transition(machine, start, { type: 'EVALUATE', test: (f: string) => f === trueFlow });
      return next.value === 'selected' ? (next.context as { flow: string }).flow : null;
    };
    entry = {
      candidates,
      conditional: candidates.map((f) => !!graph.flows[f].condition),
      outcomes: [...candidates.map((f) => decide(f)), decide(null)],
    };
    perGraph.set(node.id, entry);
  }
  return entry;
}

/**
 * Chooses the exclusive gateway's flow: `test(flowId)` evaluates that flow's condition (called in
 * XML order, stopping at the first true one, exactly as the machine's guards are).
 * Returns the flow id, or null when no flow could be selected (the caller raises Flowable's error).
 */
export function chooseExclusiveFlow(graph: ProcessGraph, node: GraphNode, test: (flowId: string) => boolean): string | null {
  const e = xorEntry(graph, node);
  for (let k = 0; k < e.candidates.length; k++) {
    if (!e.conditional[k] || test(e.candidates[k])) return e.outcomes[k];
  }
  return e.outcomes[e.candidates.length];
}

type JoinEvent = { type: 'ARRIVE'; arrived: number };

export const joinMachine = setup({
  types: { context: {} as { expected: number; arrived: number }, events: {} as JoinEvent, input: {} as { expected: number } },
  guards: { complete: ({ context, event }) => event.arrived >= context.expected },
}).createMachine({
  id: 'parallelJoin',
  initial: 'waiting',
  context: ({ input }) => ({ expected: input.expected, arrived: 0 }),
  states: {
    waiting: {
      on: {
        ARRIVE: [
          { guard: 'complete', target: 'fired', actions: assign({ arrived: ({ event }) => event.arrived }) },
          { target: 'waiting', actions: assign({ arrived: ({ event }) => event.arrived }) },
        ],
      },
    },
    fired: { type: 'final' },
  },
});

const joinMemo = new Map<string, 'fired' | 'waiting'>();

/** 'fired' when `arrived` (this token included) reaches `expected` incoming flows, else 'waiting' (memoised pure transition). */
export function arriveAtJoin(expected: number, arrived: number): 'fired' | 'waiting' {
  const key = `${expected}|${Math.min(arrived, expected)}`;
  let r = joinMemo.get(key);
  if (!r) {
    const [start] = initialTransition(joinMachine, { expected });
    const [next] = transition(joinMachine, start, { type: 'ARRIVE', arrived });
    joinMemo.set(key, (r = next.value as 'fired' | 'waiting'));
  }
  return r;
}

type OrEvent = { type: 'EVALUATE'; held: string[] };

function buildOr(node: GraphNode) {
  return setup({
    types: { context: {} as { flows: string[] }, events: {} as OrEvent },
    guards: { anyHeld: ({ event }) => event.held.length > 0 },
    actions: {
      takeHeld: assign(({ event }) => ({ flows: event.held })),
      takeDefault: assign((_, params: { flow: string }) => ({ flows: [params.flow] })),
    },
  }).createMachine({
    id: `or:${node.id}`,
    initial: 'evaluating',
    context: { flows: [] },
    states: {
      evaluating: {
        on: {
          EVALUATE: [
            { guard: 'anyHeld', target: 'selected', actions: 'takeHeld' },
            ...(node.defaultFlow ? [{ target: 'selected' as const, actions: { type: 'takeDefault' as const, params: { flow: node.defaultFlow } } }] : []),
            { target: 'failed' as const },
          ],
        },
      },
      selected: { type: 'final' },
      failed: { type: 'final' },
    },
  });
}

interface OrEntry { candidates: string[]; conditional: boolean[]; whenHeld: 'held' | null; whenNone: string[] | null }
const orCache = new WeakMap<ProcessGraph, Map<string, OrEntry>>();

/** The fork machine's two possible answers (some flow held / none held), computed once per gateway with `transition()`. */
function orEntry(graph: ProcessGraph, node: GraphNode): OrEntry {
  let perGraph = orCache.get(graph);
  if (!perGraph) orCache.set(graph, (perGraph = new Map()));
  let entry = perGraph.get(node.id);
  if (!entry) {
    const machine: AnyStateMachine = buildOr(node);
    const [start] = initialTransition(machine);
    const decide = (held: string[]) => {
      const [next] = transition(machine, start, { type: 'EVALUATE', held });
      return next.value === 'selected' ? (next.context as { flows: string[] }).flows : null;
    };
    const candidates = node.outgoing.filter((f) => f !== node.defaultFlow);
    const probe = '\u0000held';
    entry = {
      candidates,
      conditional: candidates.map((f) => !!graph.flows[f].condition),
      whenHeld: decide([probe])?.[0] === probe ? 'held' : null,
      whenNone: decide([]),
    };
    perGraph.set(node.id, entry);
  }
  return entry;
}

/**
 * Chooses the inclusive gateway's outgoing flows: `test(flowId)` evaluates a flow's condition;
 * EVERY non-default flow is evaluated in XML order (a flow without condition holds). Returns the
 * flows that held, else `[default]`, else null (the caller raises Flowable's error). A gateway
 * without outgoing flows returns [] (the token ends, as Flowable's leaveFlowNode does).
 */
export function chooseInclusiveFlows(graph: ProcessGraph, node: GraphNode, test: (flowId: string) => boolean): string[] | null {
  if (node.outgoing.length === 0) return [];
  const e = orEntry(graph, node);
  const held = e.candidates.filter((f, k) => !e.conditional[k] || test(f));
  return held.length ? (e.whenHeld === 'held' ? held : null) : e.whenNone;
}

type OrJoinEvent = { type: 'ARRIVE'; reachable: boolean };

export const inclusiveJoinMachine = setup({
  types: { context: {} as Record<string, never>, events: {} as OrJoinEvent },
  guards: { othersCanReach: ({ event }) => event.reachable },
}).createMachine({
  id: 'inclusiveJoin',
  initial: 'waiting',
  context: {},
  states: {
    waiting: {
      on: { ARRIVE: [{ guard: 'othersCanReach', target: 'waiting', reenter: true }, { target: 'fired' }] },
    },
    fired: { type: 'final' },
  },
});

const orJoinMemo = new Map<boolean, 'fired' | 'waiting'>();

/**
 * 'waiting' while another token of the same scope can still reach the gateway (`reachable`),
 * else 'fired' (memoised pure transition of `inclusiveJoinMachine`).
 */
export function arriveAtInclusiveJoin(reachable: boolean): 'fired' | 'waiting' {
  let r = orJoinMemo.get(reachable);
  if (!r) {
    const [start] = initialTransition(inclusiveJoinMachine);
    const [next] = transition(inclusiveJoinMachine, start, { type: 'ARRIVE', reachable });
    orJoinMemo.set(reachable, (r = next.value as 'fired' | 'waiting'));
  }
  return r;
}
