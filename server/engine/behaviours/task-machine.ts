/**
 * User task lifecycle as an XState v5 machine (design.md "Behaviour"): created → assigned →
 * delegated (PENDING) → resolved → completed | cancelled. The engine advances it with the pure
 * `transition()` inside the command's transaction and stores the state value in
 * `wf_task.machine_state`. Guards answer which commands a task in a given state accepts
 * (Flowable: a PENDING task is resolved, not completed; only the owner completes a RESOLVED task).
 */
import { setup, transition, initialTransition, type SnapshotFrom } from 'xstate';

export type TaskEvent =
  | { type: 'ASSIGN' }
  | { type: 'UNCLAIM' }
  | { type: 'DELEGATE' }
  | { type: 'RESOLVE' }
  | { type: 'COMPLETE' }
  | { type: 'CANCEL' };

export const taskMachine = setup({
  types: { events: {} as TaskEvent },
}).createMachine({
  id: 'userTask',
  initial: 'created',
  states: {
    created: { on: { ASSIGN: 'assigned', COMPLETE: 'completed', CANCEL: 'cancelled' } },
    assigned: {
      on: { ASSIGN: 'assigned', UNCLAIM: 'created', DELEGATE: 'delegated', COMPLETE: 'completed', CANCEL: 'cancelled' },
    },
    delegated: { on: { RESOLVE: 'resolved', ASSIGN: 'delegated', CANCEL: 'cancelled' } },
    resolved: { on: { ASSIGN: 'assigned', DELEGATE: 'delegated', COMPLETE: 'completed', UNCLAIM: 'created', CANCEL: 'cancelled' } },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type TaskState = 'created' | 'assigned' | 'delegated' | 'resolved' | 'completed' | 'cancelled';
type Snap = SnapshotFrom<typeof taskMachine>;

const snapshots = new Map<string, Snap>();
function snapshotOf(value: string): Snap {
  let s = snapshots.get(value);
  if (!s) {
    s = value ? taskMachine.resolveState({ value, context: {} }) : initialTransition(taskMachine)[0];
    snapshots.set(value, s);
  }
  return s;
}

/** The initial state value of a new task. */
export const TASK_INITIAL: TaskState = 'created';

/** True when a task in `state` accepts `event`. */
export function taskCan(state: string, event: TaskEvent['type']): boolean {
  return advanceTask(state, event) !== null;
}

const memo = new Map<string, TaskState | null>();

/**
 * Advances a task's machine. Returns the next state value, or null when the event is not
 * accepted in that state (callers answer their own error text). The machine has no context,
 * so `transition()` is a pure function of (state, event): its answers are memoised.
 */
export function advanceTask(state: string, event: TaskEvent['type']): TaskState | null {
  const key = `${state}|${event}`;
  let next = memo.get(key);
  if (next === undefined) {
    const snap = snapshotOf(state);
    next = snap.can({ type: event } as TaskEvent) ? (transition(taskMachine, snap, { type: event } as TaskEvent)[0].value as TaskState) : null;
    memo.set(key, next);
  }
  return next;
}
