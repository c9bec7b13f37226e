/**
 * The designer's save rules (workflow spec §5 "Designer and listeners"), shared by 保存模型 in the
 * designer (client/src/features/bpmn-designer/modeler/save-check.ts re-exports this module) and
 * the server's `flowable.definition.save` (server/modules/flowable/definition/model-check.ts), so both refuse
 * with the same messages: the process key (流程标识) and every flow node need an id
 * ('Id 不能为空'), every flow node a name ('节点名称不能为空'). These are errors: nothing is saved.
 * A user task nobody can receive (no assignee, no candidate users or groups, no expression) is a
 * warning the designer's user may accept.
 *
 * Pure over moddle-shaped data (bpmn-js `getDefinitions()` or bpmn-moddle's `fromXML`).
 */
export const MSG_ID_REQUIRED = 'Id 不能为空';
export const MSG_NAME_REQUIRED = '节点名称不能为空';

/** The part of a moddle element the check reads. */
export interface CheckedElement {
  $type: string;
  id?: string;
  name?: string;
  get?(name: string): unknown;
  $attrs?: Record<string, string>;
  flowElements?: CheckedElement[];
  processRef?: CheckedElement;
}

/** One finding; `elementId` is null for the process (no shape to mark). */
export interface SaveIssue { elementId: string | null; message: string }

export interface SaveCheck {
  /** Refuse the save; the first one is shown. */
  errors: SaveIssue[];
  /** User tasks without any recipient: names (or ids) for the confirm. */
  unassigned: { elementId: string; label: string }[];
}

/** Flow elements that are not flow nodes (no name rule). */
const NOT_NODES = new Set(['bpmn:SequenceFlow', 'bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);

const ASSIGNMENT_ATTRS = ['assignee', 'candidateUsers', 'candidateGroups'];

/** A property by its full name, through `get` (described by the flowable package) or `$attrs`. */
function prop(el: CheckedElement, name: string): string {
  let v: unknown;
  try {
    v = el.get?.(name);
  } catch {
    v = undefined;
  }
  if (v == null || v === '') v = el.$attrs?.[name];
  return typeof v === 'string' ? v.trim() : v == null ? '' : String(v);
}

const flowElementsOf = (el: CheckedElement): CheckedElement[] => {
  const listed = el.get ? (el.get('flowElements') as CheckedElement[] | undefined) : undefined;
  return listed ?? el.flowElements ?? [];
};

/** The processes of the definitions: root processes and processes of a collaboration's pools. */
export function processesOf(rootElements: readonly CheckedElement[] | undefined): CheckedElement[] {
  return (rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
}

/** True when a user task names someone who can receive it (assignee, candidates, or an expression in them). */
export function hasRecipient(task: CheckedElement): boolean {
  return ASSIGNMENT_ATTRS.some((a) => prop(task, `flowable:${a}`) !== '');
}

/** Walks every flow node of `container` (sub-processes included). */
function eachNode(container: CheckedElement, visit: (node: CheckedElement) => void) {
  for (const el of flowElementsOf(container)) {
    if (NOT_NODES.has(el.$type)) continue;
    visit(el);
    if (flowElementsOf(el).length) eachNode(el, visit);
  }
}

/** Runs the save rules over the definitions' root elements. No process → an error with elementId null. */
export function checkModel(rootElements: readonly CheckedElement[] | undefined): SaveCheck {
  const errors: SaveIssue[] = [];
  const unassigned: SaveCheck['unassigned'] = [];
  const processes = processesOf(rootElements);
  for (const process of processes) {
    if (!(process.id ?? '').trim()) errors.push({ elementId: null, message: MSG_ID_REQUIRED });
    eachNode(process, (node) => {
      const id = (node.id ?? '').trim();
      if (!id) errors.push({ elementId: null, message: MSG_ID_REQUIRED });
      else if (!(node.name ?? '').trim()) errors.push({ elementId: id, message: MSG_NAME_REQUIRED });
      if (node.$type === 'bpmn:UserTask' && id && !hasRecipient(node)) unassigned.push({ elementId: id, label: (node.name ?? '').trim() || id });
    });
  }
  return { errors, unassigned };
}

/** The warning confirm for user tasks nobody can receive, e.g. 用户任务「审批」没有设置审批人，…确定保存吗？ */
export function unassignedWarning(tasks: SaveCheck['unassigned']): string | null {
  if (!tasks.length) return null;
  return `用户任务${tasks.map((t) => `「${t.label}」`).join('、')}没有设置审批人，任何人都无法办理，确定保存吗？`;
}

/**
 * The first error to show: a refused draft in the panel (e.g. 流程标识 cleared: the panel keeps
 * the old key in the model, so the draft decides) comes before the model's own findings.
 */
export function firstError(check: SaveCheck, drafts: readonly SaveIssue[] = []): SaveIssue | null {
  return drafts[0] ?? check.errors[0] ?? null;
}
