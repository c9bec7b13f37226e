/**
 * Pure rules of 流程定义 (workflow spec §2 routes, §7 "Process definitions and deployments";
 * reference §2 Definitions, §6 "Model save / deploy / versions / category"): routes of the
 * designer, the state switch texts and the .bpmn import request.
 */

/** suspensionState 1 = 激活, 2 = 挂起 (reference §2 updateState). */
export const ACTIVE = 1;
export const SUSPENDED = 2;

/** The switch change: the state to send and its word (确认要"挂起""name"流程吗？ / 挂起成功). */
export function stateChange(on: boolean): { state: 1 | 2; text: '激活' | '挂起' } {
  return on ? { state: ACTIVE, text: '激活' } : { state: SUSPENDED, text: '挂起' };
}

/** 设计 / 新增 → the process model designer (spec §2: `deployId` loads that model). */
export const designerPath = (deployId?: string | null) =>
  deployId ? `/flowable/definition/model?deployId=${encodeURIComponent(deployId)}` : '/flowable/definition/model';

/** Accepted import files (server: 文件格式不正确，请导入 .bpmn 或 .xml 文件). */
export const IMPORT_ACCEPT = '.bpmn,.xml';
export const isBpmnFile = (name: string) => /\.(bpmn|xml)$/i.test(name);

/** REST path of the multipart import (`POST /flowable/definition/import`, field `file`, query name / category). */
export function importPath(name: string, category: string): string {
  const q = new URLSearchParams();
  if (name.trim()) q.set('name', name.trim());
  if (category) q.set('category', category);
  const s = q.toString();
  return `/flowable/definition/import${s ? `?${s}` : ''}`;
}
