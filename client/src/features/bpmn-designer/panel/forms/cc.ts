/**
 * 抄送 (CC) of a user task (issue 16: per node in the designer: users, roles or an expression),
 * read by the engine from `<bpmn:userTask>` (shared/bpmn/flowable-moddle.ts `UserTaskExt`):
 * `flowable:ccUsers` (comma-separated sys user ids) with `flowable:ccUserNames` (their display
 * names, same order, display only), `flowable:ccGroups` (role ids) with `flowable:ccGroupNames`,
 * and `flowable:ccExpression` (a JUEL expression such as `${deptLeader}` yielding user ids).
 * Writing an empty list or a blank expression removes the attributes (never `ccUsers=""`).
 */
import { ext, orUndef, type ModdleEl, type ModdleOps } from '../ops';

/** A picked user or role: its id and the name shown in the panel. */
export interface CcPick { id: string; name: string }

export interface CcConfig { users: CcPick[]; groups: CcPick[]; expression: string }

const split = (s: string) => s.split(',').map((x) => x.trim());

/** Ids zipped with their names (a missing or blank name shows the id). */
function zip(ids: string, names: string): CcPick[] {
  if (!ids.trim()) return [];
  const n = names ? split(names) : [];
  return split(ids).filter(Boolean).map((id, i) => ({ id, name: n[i] || id }));
}

export function readCc(bo: ModdleEl): CcConfig {
  return {
    users: zip(ext(bo, 'ccUsers'), ext(bo, 'ccUserNames')),
    groups: zip(ext(bo, 'ccGroups'), ext(bo, 'ccGroupNames')),
    expression: ext(bo, 'ccExpression'),
  };
}

/** Unique by id, in order; a comma in a name becomes '，' so the name list stays aligned with the ids. */
function lists(picks: { id: string | number; name: string }[]): { ids?: string; names?: string } {
  const kept: CcPick[] = [];
  for (const p of picks) {
    const id = String(p.id).trim();
    if (id && !kept.some((k) => k.id === id)) kept.push({ id, name: (p.name ?? '').replace(/,/g, '，').trim() });
  }
  return { ids: orUndef(kept.map((p) => p.id).join(',')), names: kept.length ? orUndef(kept.map((p) => p.name || p.id).join(',')) : undefined };
}

/** Picked CC users (empty removes `ccUsers` and `ccUserNames`). */
export function writeCcUsers(ops: ModdleOps, bo: ModdleEl, users: { id: string | number; name: string }[]): void {
  const { ids, names } = lists(users);
  ops.update(bo, { 'flowable:ccUsers': ids, 'flowable:ccUserNames': names });
}

/** Picked CC roles (empty removes `ccGroups` and `ccGroupNames`). */
export function writeCcGroups(ops: ModdleOps, bo: ModdleEl, roles: { id: string | number; name: string }[]): void {
  const { ids, names } = lists(roles);
  ops.update(bo, { 'flowable:ccGroups': ids, 'flowable:ccGroupNames': names });
}

/** The CC expression (trimmed; blank removes `ccExpression`). */
export function writeCcExpression(ops: ModdleOps, bo: ModdleEl, expression: string): void {
  ops.update(bo, { 'flowable:ccExpression': orUndef(expression) });
}

export const CC_EXPRESSION_HINT = '${deptLeader}';

/** Blank or a `${…}` / `#{…}` expression is accepted. */
export function ccExpressionError(v: string): string | undefined {
  const s = v.trim();
  if (!s || /^[$#]\{[\s\S]*\}$/.test(s)) return undefined;
  return `请输入表达式, 如 ${CC_EXPRESSION_HINT}`;
}
