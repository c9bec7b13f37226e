/**
 * The to-do page of a user (reference §6 "Task lists" todoList): the engine's to-do rows
 * (engine/queries/task-lists.ts) with their start user's nick and dept names (names.ts). The
 * to-do reader's worker thread (todo-worker.ts) reads it synchronously over its own connection
 * (`todoPage`, the light door's todoListSync); the request thread, when the worker cannot
 * (task-view.service.ts; always on PostgreSQL, which has no worker), reads the same statement
 * through the engine's door (`engine.todoList`, on the store) and the names on the async store, and both name the rows with
 * `nameTodoRows`, so both answer the same rows.
 */
import type { Db } from '../../../db/client';
// The engine's light door (engine/queries/index.ts): this module runs in the to-do worker thread too.
import { todoListSync, type ListFilter, type TodoRow } from '../../../engine/queries';
import { freshPeople } from '../common/names';

/** A to-do query: the list filter and paging, the user's id and candidate groups (role ids), as text. */
export type TodoQuery = ListFilter & { userId: string; groupIds: string[] };

/** A to-do row as the lists answer it: the engine's row and the start user's names (null: no such user). */
export type NamedTodoRow = TodoRow & { startUserName: string | null; startDeptName: string | null };

/**
 * The engine's to-do rows (fresh objects of one call) with the start user's names from `who`
 * (user id → names), added in place: same keys, same order as a spread copy, without copying
 * 20-key rows per request.
 */
export function nameTodoRows(rows: TodoRow[], who: ReadonlyMap<string, { nickName: string; deptName: string | null }>): NamedTodoRow[] {
  const named = rows as NamedTodoRow[];
  for (const r of named) {
    const p = who.get(r.startUserId ?? '');
    r.startUserName = p?.nickName ?? null;
    r.startDeptName = p?.deptName ?? null;
  }
  return named;
}

/**
 * The page of `q` read over `db` synchronously (the worker thread's connection): `{total, rows}`,
 * newest first, the names read fresh (names.ts `freshPeople`). Errors: none of its own (SQLite
 * errors propagate).
 */
export function todoPage(db: Db, q: TodoQuery): { total: number; rows: NamedTodoRow[] } {
  const page = todoListSync(db.$client, q);
  return { total: page.total, rows: nameTodoRows(page.rows, freshPeople(db, page.rows.map((r) => r.startUserId))) };
}
