/**
 * User task assignment and task attributes (workflow spec §3 "Flow node properties", §4 "Node
 * assignment"; reference §6 "BPMN XML produced by the designer"): `flowable:userType`
 * assignee | candidateUsers | candidateGroups, `flowable:dataType` fixed (picked users / roles)
 * or dynamic (an expression such as `${approval}`), changing the type clears the previous
 * assignment attributes and the data type. `flowable:text` keeps the picked names for display,
 * `flowable:expId` the picked expression id.
 */
import { ext, orUndef, type ModdleEl, type ModdleOps } from '../ops';

export type UserType = 'assignee' | 'candidateUsers' | 'candidateGroups';
export const USER_TYPES: { value: UserType; label: string }[] = [
  { value: 'assignee', label: '指定人员' }, { value: 'candidateUsers', label: '候选人员' }, { value: 'candidateGroups', label: '候选组' },
];

export interface Assignment { userType: UserType | ''; dataType: 'fixed' | 'dynamic' | ''; value: string; text: string; expId: string }

/** Reads the assignment; without `userType` the first assignment attribute present decides. */
export function readAssignment(bo: ModdleEl): Assignment {
  const declared = ext(bo, 'userType') as UserType | '';
  const userType = declared || (['assignee', 'candidateUsers', 'candidateGroups'] as UserType[]).find((t) => ext(bo, t)) || '';
  return {
    userType,
    dataType: (ext(bo, 'dataType') as Assignment['dataType']) || '',
    value: userType ? ext(bo, userType) : '',
    text: ext(bo, 'text'),
    expId: ext(bo, 'expId'),
  };
}

const CLEARED = {
  'flowable:assignee': undefined, 'flowable:candidateUsers': undefined, 'flowable:candidateGroups': undefined,
  'flowable:dataType': undefined, 'flowable:text': undefined, 'flowable:expId': undefined,
};

/** Changes the assignment type: clears assignee / candidates / dataType (spec §4). */
export function writeUserType(ops: ModdleOps, bo: ModdleEl, userType: UserType | ''): void {
  ops.update(bo, { ...CLEARED, 'flowable:userType': orUndef(userType) });
}

/** Picked users (ids and names): fixed; one assignee, or a comma list of candidate users. */
export function writePickedUsers(ops: ModdleOps, bo: ModdleEl, userType: 'assignee' | 'candidateUsers', users: { id: string | number; name: string }[]): void {
  const list = userType === 'assignee' ? users.slice(0, 1) : users;
  ops.update(bo, {
    ...CLEARED, 'flowable:userType': userType, 'flowable:dataType': list.length ? 'fixed' : undefined,
    [`flowable:${userType}`]: orUndef(list.map((u) => String(u.id)).join(',')),
    'flowable:text': orUndef(list.map((u) => u.name).join(',')),
  });
}

/** Picked roles: fixed candidateGroups (role ids). */
export function writePickedRoles(ops: ModdleOps, bo: ModdleEl, roles: { id: string | number; name: string }[]): void {
  ops.update(bo, {
    ...CLEARED, 'flowable:userType': 'candidateGroups', 'flowable:dataType': roles.length ? 'fixed' : undefined,
    'flowable:candidateGroups': orUndef(roles.map((r) => String(r.id)).join(',')),
    'flowable:text': orUndef(roles.map((r) => r.name).join(',')),
  });
}

/** A picked expression (e.g. `${approval}`, `${INITIATOR}`): dynamic with the expression text. */
export function writeExpression(ops: ModdleOps, bo: ModdleEl, userType: UserType, row: { id: number; name: string; expression: string }): void {
  ops.update(bo, {
    ...CLEARED, 'flowable:userType': userType, 'flowable:dataType': 'dynamic',
    [`flowable:${userType}`]: row.expression, 'flowable:text': orUndef(row.name), 'flowable:expId': String(row.id),
  });
}

/**
 * Task attributes of the 任务 section: the ones the engine reads (nodes.ts `UserTaskDef`). No
 * async / follow-up date / isForCompensation: the engine runs synchronously, keeps no follow-up
 * date and has no compensation (issue 13: settings it does not honour are not offered).
 */
export interface TaskAttrs { formKey: string; priority: string; dueDate: string }

export function readTaskAttrs(bo: ModdleEl): TaskAttrs {
  return { formKey: ext(bo, 'formKey'), priority: ext(bo, 'priority'), dueDate: ext(bo, 'dueDate') };
}

export const DUE_DATE_FORMAT = 'yyyy-MM-ddTHH:mm:ss';
const DUE_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** A date written in the spec's format, an expression or blank is accepted. */
export function dueDateError(v: string): string | undefined {
  const s = v.trim();
  if (!s || DUE_RE.test(s) || /^[$#]\{.*\}$/.test(s)) return undefined;
  return `格式为 ${DUE_DATE_FORMAT}`;
}

/** `datetime-local` input value → the spec's yyyy-MM-ddTHH:mm:ss (seconds added when missing). */
export function toDueDate(local: string): string {
  if (!local) return '';
  return /T\d{2}:\d{2}$/.test(local) ? `${local}:00` : local;
}

/** Writes one task attribute (blank removes it). */
export function writeTaskAttr<K extends keyof TaskAttrs>(ops: ModdleOps, bo: ModdleEl, key: K, value: TaskAttrs[K]): void {
  ops.update(bo, { [`flowable:${key}`]: orUndef(String(value)) });
}
