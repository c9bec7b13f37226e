/**
 * Completion recipient rule (workflow spec §4 "Completion recipient rule"; reference §6
 * "Next-node probe"): which picker the next node needs and the process variables the choice
 * becomes. Pure.
 */

/** Next-node info (spec §3): `{type, dataType, vars}` from nextFlowNode / nextFlowNodeByStart. */
export interface NextNodeInfo {
  type?: string | null;
  dataType?: string | null;
  vars?: string | null;
}

export type RecipientKind = 'user' | 'users' | 'roles' | 'multiInstance';

/** Only a `dynamic` next node asks for recipients. */
export function needsRecipient(next: NextNodeInfo | null | undefined): boolean {
  return !!next && next.dataType === 'dynamic';
}

/** assignee → one user; candidateUsers → several users; candidateGroups → roles; else the multi-instance collection. */
export function recipientKind(next: NextNodeInfo | null | undefined): RecipientKind {
  switch (next?.type) {
    case 'assignee': return 'user';
    case 'candidateUsers': return 'users';
    case 'candidateGroups': return 'roles';
    default: return 'multiInstance';
  }
}

/** The empty-choice message (spec §5 "Task handling"). */
export function recipientEmptyMessage(next: NextNodeInfo | null | undefined): string {
  return recipientKind(next) === 'roles' ? '请选择流程接收角色组!' : '请选择任务接收!';
}

/**
 * The variables the chosen ids become: `{approval: '1'}` (assignee), `{approval: '1,2'}`
 * (candidate users or role ids), `{[vars]: ['1','2']}` (multi-instance collection, default
 * name `approval` when the probe named none). Empty choice → null.
 */
export function recipientVariables(next: NextNodeInfo | null | undefined, ids: (string | number)[]): Record<string, unknown> | null {
  const list = ids.map(String).filter(Boolean);
  if (!list.length) return null;
  const kind = recipientKind(next);
  if (kind === 'user') return { approval: list[0] };
  if (kind === 'users' || kind === 'roles') return { approval: list.join(',') };
  return { [next?.vars || 'approval']: list };
}
