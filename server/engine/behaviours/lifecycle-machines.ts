/**
 * Small lifecycle machines (XState v5, advanced with pure `transition()`):
 *
 * - Multi-instance body: context `{total, completed, active, loopCounter, sequential}` mirrors
 *   Flowable's nrOfInstances / nrOfCompletedInstances / nrOfActiveInstances / loopCounter.
 *   INSTANCE_DONE (with `conditionMet` = the completion condition after counting) → `done` when
 *   the condition holds or every instance completed; else stays `running` (sequential: the next
 *   loopCounter). ADD / REMOVE (加签 / 减签, issue 16) change the instance count; a removal
 *   that leaves only completed instances, or meets the completion condition, ends it. Stored as JSON `{value, context}` on the MI root execution.
 * - Process instance: running ⇄ suspended; → completed | stopped. `ACT` is accepted only while
 *   running (task commands on a suspended instance are refused).
 * - Definition: active ⇄ suspended; `START` only while active.
 */
import { setup, assign, transition, initialTransition, type SnapshotFrom } from 'xstate';

export interface MiContext {
  total: number;
  completed: number;
  active: number;
  loopCounter: number;
  sequential: boolean;
}
type MiEvent = { type: 'INSTANCE_DONE'; conditionMet: boolean } | { type: 'CANCEL' }
  /** 加签 (issue 16): one more instance (parallel: started now, so also active). */
  | { type: 'ADD' }
  /**
   * 减签 (issue 16): one instance that has not completed goes (`active`: it was running), then
   * `done` when every remaining instance completed or `conditionMet` (the completion condition
   * re-evaluated with the new counters).
   */
  | { type: 'REMOVE'; active: boolean; conditionMet: boolean }
  /** 撤回 of a vote (issue 16): one completed instance runs again (sequential: the turn goes back one). */
  | { type: 'REOPEN' };

export const miMachine = setup({
  types: { context: {} as MiContext, events: {} as MiEvent, input: {} as { total: number; sequential: boolean } },
  guards: {
    finished: ({ context, event }) =>
      event.type === 'INSTANCE_DONE' && (event.conditionMet || context.completed + 1 >= context.total),
    sequential: ({ context }) => context.sequential,
  },
}).createMachine({
  id: 'multiInstanceBody',
  initial: 'running',
  context: ({ input }) => ({
    total: input.total, completed: 0, active: input.sequential ? Math.min(1, input.total) : input.total,
    loopCounter: 0, sequential: input.sequential,
  }),
  states: {
    running: {
      always: { guard: ({ context }) => context.total === 0, target: 'done' },
      on: {
        INSTANCE_DONE: [
          { guard: 'finished', target: 'done', actions: assign({ completed: ({ context }) => context.completed + 1, active: 0 }) },
          {
            guard: 'sequential', target: 'running',
            actions: assign({ completed: ({ context }) => context.completed + 1, loopCounter: ({ context }) => context.loopCounter + 1 }),
          },
          { target: 'running', actions: assign({ completed: ({ context }) => context.completed + 1, active: ({ context }) => context.active - 1 }) },
        ],
        CANCEL: 'cancelled',
        ADD: {
          actions: assign({
            total: ({ context }) => context.total + 1,
            active: ({ context }) => (context.sequential ? context.active : context.active + 1),
          }),
        },
        REOPEN: {
          actions: assign({
            completed: ({ context }) => context.completed - 1,
            active: ({ context }) => (context.sequential ? context.active : context.active + 1),
            loopCounter: ({ context }) => (context.sequential ? context.loopCounter - 1 : context.loopCounter),
          }),
        },
        REMOVE: [
          {
            guard: ({ context, event }) => event.type === 'REMOVE' && (event.conditionMet || context.completed >= context.total - 1),
            target: 'done',
            actions: assign({ total: ({ context }) => context.total - 1, active: 0 }),
          },
          {
            actions: assign({
              total: ({ context }) => context.total - 1,
              active: ({ context, event }) => (event.type === 'REMOVE' && event.active ? context.active - 1 : context.active),
            }),
          },
        ],
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export interface MiSnapshot { value: 'running' | 'done' | 'cancelled'; context: MiContext }

export function miStart(total: number, sequential: boolean): MiSnapshot {
  const [s] = initialTransition(miMachine, { total, sequential });
  return { value: s.value as MiSnapshot['value'], context: s.context };
}

export function miAdvance(snap: MiSnapshot, event: MiEvent): MiSnapshot {
  const resolved = miMachine.resolveState({ value: snap.value, context: snap.context });
  const [s] = transition(miMachine, resolved, event);
  return { value: s.value as MiSnapshot['value'], context: s.context };
}

type InstanceEvent = { type: 'SUSPEND' } | { type: 'ACTIVATE' } | { type: 'END' } | { type: 'STOP' } | { type: 'ACT' };

export const instanceMachine = setup({ types: { events: {} as InstanceEvent } }).createMachine({
  id: 'processInstance',
  initial: 'running',
  states: {
    running: { on: { SUSPEND: 'suspended', END: 'completed', STOP: 'stopped', ACT: 'running' } },
    suspended: { on: { ACTIVATE: 'running', STOP: 'stopped' } },
    completed: { type: 'final' },
    stopped: { type: 'final' },
  },
});

export type InstanceState = 'running' | 'suspended' | 'completed' | 'stopped';

const instSnaps = new Map<string, SnapshotFrom<typeof instanceMachine>>();
function instSnap(value: string) {
  let s = instSnaps.get(value);
  if (!s) instSnaps.set(value, (s = instanceMachine.resolveState({ value, context: {} })));
  return s;
}

const instMemo = new Map<string, InstanceState | null>();

/** Next instance state, or null when `event` is not accepted in `state` (memoised: no context). */
export function advanceInstance(state: string, event: InstanceEvent['type']): InstanceState | null {
  const key = `${state}|${event}`;
  let next = instMemo.get(key);
  if (next === undefined) {
    const snap = instSnap(state);
    next = snap.can({ type: event } as InstanceEvent) ? (transition(instanceMachine, snap, { type: event } as InstanceEvent)[0].value as InstanceState) : null;
    instMemo.set(key, next);
  }
  return next;
}

type DefinitionEvent = { type: 'SUSPEND' } | { type: 'ACTIVATE' } | { type: 'START' };

export const definitionMachine = setup({ types: { events: {} as DefinitionEvent } }).createMachine({
  id: 'processDefinition',
  initial: 'active',
  states: {
    active: { on: { SUSPEND: 'suspended', START: 'active' } },
    suspended: { on: { ACTIVATE: 'active' } },
  },
});

const defMemo = new Map<string, 1 | 2 | null>();

/** Next definition state from suspension state 1|2, or null when refused (memoised: no context). */
export function advanceDefinition(suspensionState: number, event: DefinitionEvent['type']): 1 | 2 | null {
  const key = `${suspensionState}|${event}`;
  let next = defMemo.get(key);
  if (next === undefined) {
    const snap = definitionMachine.resolveState({ value: suspensionState === 2 ? 'suspended' : 'active', context: {} });
    next = snap.can({ type: event } as DefinitionEvent)
      ? (transition(definitionMachine, snap, { type: event } as DefinitionEvent)[0].value === 'suspended' ? 2 : 1)
      : null;
    defMemo.set(key, next);
  }
  return next;
}
