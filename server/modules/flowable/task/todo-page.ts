/**
 * The to-do page of a user (reference §6 "Task lists" todoList): the engine's to-do rows
 * (engine/queries/task-lists.ts) with their start user's nick and dept names (names.ts). One
 * function for the request thread (task-view.service.ts) and the to-do reader's worker thread
 * (todo-worker.ts), so both answer the same rows.
 */
import type { Db } from '../../../db/client';
// The engine's light door (engine/queries/index.ts): this module runs in the to-do worker thread too.
import { todoList, type ListFilter, type TodoRow } from '../../../engine/queries';
import { people } from '../common/names';

/** A to-do query: the list filter and paging, the user's id and candidate groups (role ids), as text. */
export type TodoQuery = ListFilter & { userId: string; groupIds: string[] };

/** A to-do row as the lists answer it: the engine's row and the start user's names (null: no such user). */
export type NamedTodoRow = TodoRow & { startUserName: string | null; startDeptName: string | null };

/**
 * The page of `q` read over `db`: `{total, rows}`, newest first. With `cachedNames` false the
 * names are read fresh (names.ts `people`). Errors: none of its own (SQLite errors propagate).
 */
export function todoPage(db: Db, q: TodoQuery, cachedNames = true): { total: number; rows: NamedTodoRow[] } {
  const page = todoList(db.$client, q);
  const who = people(db, page.rows.map((r) => r.startUserId), cachedNames);
  // The engine's rows are fresh objects of this call: the names are added in place (same keys,
  // same order as a spread copy, without copying 20-key rows per request).
  const rows = page.rows as NamedTodoRow[];
  for (const r of rows) {
    const p = who.get(r.startUserId ?? '');
    r.startUserName = p?.nickName ?? null;
    r.startDeptName = p?.deptName ?? null;
  }
  return { total: page.total, rows };
}
