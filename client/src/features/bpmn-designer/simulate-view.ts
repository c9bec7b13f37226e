/**
 * Pure rules of the designer's 流程模拟 dialog (issue 16 "流程模拟 (dry run)"): reading the form
 * (流程变量 / 节点变量 as JSON objects, 办理人 per user task, 最大步数) into the input of
 * `flowable.definition.simulate`, the texts of its answer (summary, 接收人/候选, 办理人) and what
 * goes on the canvas (path markers, the failed element, receiver overlays on user tasks).
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../lib/trpc';
import { SIMULATE_MAX_STEPS } from '../../../../shared/schemas/flowable/simulate-limits';

/** One user task of the model on the canvas (the 办理人 rows). */
export interface SimUserTask { id: string; name: string }

/** The answer of `flowable.definition.simulate` (server simulate.service.ts `SimulateResult`, as tRPC infers it). */
export type SimResult = inferRouterOutputs<AppRouter>['flowable']['definition']['simulate'];
/** One task of the answer (server simulate.service.ts `SimulatedTask`). */
export type SimTask = SimResult['tasks'][number];

/** The dialog's form: texts as typed. */
export interface SimForm {
  variables: string;
  /** taskDefKey → user id ('' = the default handler). */
  handlers: Record<string, string>;
  /** taskDefKey → JSON object text ('' = none). */
  taskVariables: Record<string, string>;
  maxSteps: string;
}

export const VARIABLES_ERROR = '流程变量必须是JSON对象';
export const TASK_VARIABLES_ERROR = '节点变量必须是JSON对象';
export const MAX_STEPS_ERROR = `最大步数必须是1到${SIMULATE_MAX_STEPS}的整数`;

/** Parses a JSON object text; '' (or blanks) is `{}`; anything else than an object is null. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The simulate input built from `form` for `xml`, or the first error text (field messages above). */
export function simulateRequest(xml: string, form: SimForm): { input: {
  xml: string; variables: Record<string, unknown>; handlers: Record<string, string>;
  taskVariables: Record<string, Record<string, unknown>>; maxSteps?: number;
} } | { error: string } {
  const variables = parseJsonObject(form.variables);
  if (!variables) return { error: VARIABLES_ERROR };
  const taskVariables: Record<string, Record<string, unknown>> = {};
  for (const [key, text] of Object.entries(form.taskVariables)) {
    const v = parseJsonObject(text);
    if (!v) return { error: TASK_VARIABLES_ERROR };
    if (Object.keys(v).length) taskVariables[key] = v;
  }
  const handlers = Object.fromEntries(Object.entries(form.handlers).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  let maxSteps: number | undefined;
  if (form.maxSteps.trim()) {
    maxSteps = Number(form.maxSteps);
    if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > SIMULATE_MAX_STEPS) return { error: MAX_STEPS_ERROR };
  }
  return { input: { xml, variables, handlers, taskVariables, ...(maxSteps === undefined ? {} : { maxSteps }) } };
}

/** The user tasks among bpmn-js elements (registry order, each once), named by their label or id. */
export function userTasksOf(elements: ReadonlyArray<{ id: string; type: string; businessObject?: { name?: string } }>): SimUserTask[] {
  const seen = new Set<string>();
  return elements.filter((e) => e.type === 'bpmn:UserTask' && !seen.has(e.id) && seen.add(e.id))
    .map((e) => ({ id: e.id, name: e.businessObject?.name?.trim() || e.id }));
}

/** Element id → its label, for every named element among bpmn-js elements (labels of the error's element, gateways, flows). */
export function elementNames(elements: ReadonlyArray<{ id: string; businessObject?: { name?: string } }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of elements) {
    const name = e.businessObject?.name?.trim();
    if (name && !(e.id in out)) out[e.id] = name;
  }
  return out;
}

/** The name of a node: the answer's tasks or waits, else the model's, else the id. */
function nodeName(r: SimResult, id: string, names: Record<string, string>): string {
  return r.waiting.find((w) => w.activityId === id)?.name || r.tasks.find((t) => t.taskDefKey === id)?.name || names[id] || id;
}

/**
 * One line about how the run ended: 模型校验未通过 (problems), 模拟出错 (error), 已结束, 已达到最大步数
 * (停在 …), 停在 <waits>, or 未产生待办 when nothing waits; with the step count.
 */
export function summaryText(r: SimResult, names: Record<string, string> = {}): string {
  if (r.problems?.length) return `模型校验未通过，共 ${r.problems.length} 个问题，未运行`;
  const steps = `共办理 ${r.steps} 步`;
  const waits = [...new Set(r.waiting.map((w) => nodeName(r, w.activityId, names)))].join('、');
  if (r.error) return `模拟出错${r.error.elementId ? `（${nodeName(r, r.error.elementId, names)}）` : ''}，${steps}`;
  if (r.ended) return `已结束，${steps}`;
  if (r.limitReached) return `已达到最大步数，停在 ${waits}，${steps}`;
  return waits ? `停在 ${waits}，${steps}` : `未结束，没有待办，${steps}`;
}

/** 接收人/候选 of a task: the assignee's name, else the candidates' names, else 无. */
export function receiverText(t: SimTask): string {
  if (t.assignee) return t.assigneeName ?? t.assignee;
  return t.candidateNames.length ? `候选: ${t.candidateNames.join('、')}` : '无';
}

/** 节点 of a task: its name (else its key), with the called process for a task of a call activity's instance. */
export function taskNodeText(t: SimTask): string {
  const name = t.name || t.taskDefKey;
  return t.calledProcessName ? `${name}（${t.calledProcessName}）` : name;
}

/** 办理人 of a task: who completed it in the simulation, else 未办理. */
export function actorText(t: SimTask): string {
  return t.actedBy ? t.actedByName ?? t.actedBy : '未办理';
}

/** The error line: `<element name> (<id>): <message>`, or the message alone. */
export function errorText(r: SimResult, names: Record<string, string> = {}): string | null {
  if (!r.error) return null;
  const id = r.error.elementId;
  return id ? `${nodeName(r, id, names)} (${id}): ${r.error.message}` : r.error.message;
}

/** What goes on the canvas: path markers, the failed element, waits, receiver labels per user task. */
export interface SimMarks {
  path: string[];
  failed: string | null;
  waiting: string[];
  overlays: Array<{ elementId: string; text: string }>;
}

/**
 * The marks of an answer (a problem answer marks nothing: the save's own problem marks show those).
 * Tasks of called processes get no overlay: their nodes are not on this canvas.
 */
export function simulationMarks(r: SimResult): SimMarks {
  const byKey = new Map<string, SimTask[]>();
  for (const t of r.tasks.filter((x) => !x.calledProcessName)) byKey.set(t.taskDefKey, [...(byKey.get(t.taskDefKey) ?? []), t]);
  const overlays = [...byKey].map(([elementId, tasks]) => {
    const receivers = [...new Set(tasks.map(receiverText))].join('；');
    const actors = [...new Set(tasks.filter((t) => t.actedBy).map(actorText))].join('、');
    return { elementId, text: `接收: ${receivers}${actors ? `\n办理: ${actors}` : ''}` };
  });
  return { path: r.path, failed: r.error?.elementId ?? null, waiting: r.waiting.map((w) => w.activityId), overlays };
}
