/**
 * The engine's light door, for the to-do reader's worker thread only (issue 42): the to-do query
 * over a connection, without the rest of the engine (XState machines, bpmn-moddle, the expression
 * parser). Everything else outside the engine imports `server/engine/index.ts` (the engine's
 * `todoList`, through the store). dependency-cruiser (`engine-has-one-door`,
 * `engine-light-door-is-the-workers`) allows this file only from modules/flowable/task/todo-page.ts,
 * the module the worker runs.
 *
 * `todoListSync` runs the statement text of todo-list.ts todoStatements synchronously over a
 * better-sqlite3 connection (the worker's own); `todoList` runs the same text through a store.
 *
 * Measured (issue 42, a worker thread importing todo-page.ts, median of 7, machine under load):
 * through this file the bundled worker program is 68 KiB, ~18 MB RSS and ~0.8 s to load; through
 * server/engine/index.ts it would be 386 KiB, ~27 MB and ~1.0 s (tsx: ~53 MB vs ~65 MB).
 */
export { todoList, todoListSync } from './todo-list';
export type { TodoFilter, TodoRow } from './todo-list';
export type { ListFilter } from './common';
