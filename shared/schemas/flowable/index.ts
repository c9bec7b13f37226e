/**
 * Workflow shapes (api-contract "Workflow"; reference §2 Workflow, §6): definitions, tasks,
 * instances, deployments, and the expression / listener / form libraries. Engine ids are text;
 * library ids are integers. Bad input names the field (RuoYi's `${label}不能为空`).
 */
import { z } from 'zod';
import { pageInput } from '../common';
import { filterText, idValue, optionalCode, optionalText, requiredCode, requiredText, statusField } from '../system/dept';
import { controlCharsMessage, isCleanValue, isOneLine } from '../text';
import { FORM_TOO_DEEP_MESSAGE, withinJsonDepth } from '../../json-depth';

/** A required engine id (text): `${label}不能为空`. */
export const engineId = (label: string) => z.union([z.string(), z.number()], { error: `${label}不能为空` })
  .transform((v) => String(v).trim()).pipe(z.string().min(1, `${label}不能为空`).max(200).refine(isOneLine, controlCharsMessage(label)));
const optionalEngineId = z.union([z.string(), z.number(), z.null()]).optional().transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v)))
  .refine((v) => v === undefined || isOneLine(v), controlCharsMessage('ID'));
/** A variables map (JSON object); its keys and texts allow `\t \n \r` only (流程变量不能包含控制字符). */
export const variablesField = z.record(z.string(), z.unknown()).refine(isCleanValue, controlCharsMessage('流程变量')).nullish().transform((v) => v ?? undefined);
/** Comma list or array of engine ids. */
export const engineIds = (label: string) => z.union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: `${label}不能为空` })
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().refine(isOneLine, controlCharsMessage(label))).min(1, `${label}不能为空`));

const paging = pageInput.pick({ pageNum: true, pageSize: true, beginTime: true, endTime: true });

// ---- definitions
/** `latestActive` (发起流程 only; `true`/`false` as text over REST): each key once, at its newest active version. */
export const definitionListInput = paging.extend({ name: filterText, category: filterText, key: filterText, latestActive: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()) });
export const definitionSaveInput = z.object({
  name: requiredText('流程名称', 100),
  category: optionalText('流程分类', 100),
  xml: requiredText('流程XML', 5_000_000, 'multiline'),
});
export type DefinitionSaveInput = z.input<typeof definitionSaveInput>;
/** `{xml}` of `definition.validate` (the designer's model before save). */
export const definitionValidateInput = z.object({ xml: requiredText('流程XML', 5_000_000, 'multiline') });
/** Multipart `file` (a .bpmn / .xml upload) with `name`, `category`. */
export const definitionImportInput = z.object({
  file: z.object({ filename: z.string().refine(isOneLine, controlCharsMessage('文件名称')), data: z.instanceof(Buffer) }, { error: '请选择要导入的流程文件' }),
  name: optionalText('流程名称', 100),
  category: optionalText('流程分类', 100),
});
export const deployIdInput = z.object({ deployId: engineId('部署ID') });
export const deployIdsInput = z.object({ deployIds: engineIds('部署ID') });
export const updateStateInput = z.object({
  deployId: engineId('部署ID'),
  state: z.preprocess((v) => (v === '' || v === null ? undefined : Number(v)), z.union([z.literal(1), z.literal(2)], { error: (i) => (i.input === undefined ? '状态不能为空' : '状态只能是1(激活)或2(挂起)') })),
});
export const startInput = z.object({ procDefId: engineId('流程定义ID'), variables: variablesField });
/** The recipient pickers' filters; no phone number filter: `userList` answers any session and must not confirm who has a number. */
export const userPickerInput = z.object({ userName: filterText, nickName: filterText, deptId: optionalEngineId }).partial();

// ---- tasks
export const taskListInput = paging.extend({ name: filterText });
export const flowRecordInput = z.object({ procInsId: engineId('流程实例ID'), deployId: optionalEngineId });
export const flowXmlAndNodeInput = z.object({ procInsId: optionalEngineId, deployId: engineId('部署ID') });
export const flowViewerInput = z.object({ procInsId: engineId('流程实例ID'), executionId: optionalEngineId });
export const taskIdInput = z.object({ taskId: engineId('任务ID') });
export const nextFlowNodeInput = z.object({ taskId: engineId('任务ID'), variables: variablesField });
export const nextFlowNodeByStartInput = z.object({ deploymentId: optionalEngineId, procDefId: optionalEngineId, variables: variablesField })
  .refine((v) => v.deploymentId || v.procDefId, { message: '部署ID不能为空', path: ['deploymentId'] });
/** The FlowTaskVo body of task actions. */
export const taskActionInput = z.object({
  taskId: engineId('任务ID'),
  instanceId: optionalEngineId,
  comment: optionalText('审批意见', 2000, 'multiline'),
  variables: variablesField,
  targetKey: optionalEngineId,
  assignee: optionalEngineId,
  userId: optionalEngineId,
});
export type TaskActionInput = z.input<typeof taskActionInput>;
export const returnInput = taskActionInput.extend({ targetKey: engineId('退回节点') });
export const assigneeActionInput = taskActionInput.extend({ assignee: engineId('办理人') });
export const instanceActionInput = z.object({ instanceId: engineId('流程实例ID'), comment: optionalText('意见', 2000, 'multiline') });

// ---- instances
export const instanceStateInput = z.object({
  instanceId: engineId('流程实例ID'),
  state: z.preprocess((v) => (v === '' || v === null ? undefined : Number(v)), z.union([z.literal(1), z.literal(2)], { error: (i) => (i.input === undefined ? '状态不能为空' : '状态只能是1(激活)或2(挂起)') })),
});
export const instanceDeleteInput = z.object({ instanceIds: engineIds('流程实例ID'), deleteReason: optionalText('删除原因', 500, 'multiline') });

// ---- deployments
export const deploymentListInput = paging.extend({ name: filterText, category: filterText });
export const deploymentIdInput = z.object({ deploymentId: engineId('部署ID') });
export const deploymentAddInput = definitionSaveInput;
export const deploymentUpdateInput = z.object({ deploymentId: engineId('部署ID'), name: optionalText('流程名称', 100), category: optionalText('流程分类', 100) });
export const deploymentIdsInput = z.object({ ids: engineIds('部署ID') });
export const deploymentExportInput = deploymentListInput.omit({ pageNum: true, pageSize: true });

// ---- libraries
export const libraryIdInput = z.object({ id: idValue });
export const libraryIdsInput = z.object({ ids: z.array(idValue).min(1, 'ID不能为空') });

export const expressionListInput = pageInput.extend({ name: filterText, expression: filterText, dataType: filterText, status: optionalCode(['0', '1']) });
export const expressionExportInput = expressionListInput.omit({ pageNum: true, pageSize: true });
export const expressionAddInput = z.object({
  name: requiredText('表达式名称', 100),
  expression: requiredText('表达式内容', 500),
  dataType: requiredCode('指定类型', ['fixed', 'dynamic']),
  status: statusField,
  remark: optionalText('备注', 500, 'multiline'),
});
export const expressionUpdateInput = expressionAddInput.extend({ id: idValue });
export type ExpressionAddInput = z.input<typeof expressionAddInput>;

export const listenerListInput = pageInput.extend({ name: filterText, type: optionalCode(['1', '2']), eventType: filterText, status: optionalCode(['0', '1']) });
export const listenerExportInput = listenerListInput.omit({ pageNum: true, pageSize: true });
export const listenerAddInput = z.object({
  name: requiredText('名称', 100),
  type: requiredCode('监听类型', ['1', '2']),
  eventType: requiredCode('事件类型', ['create', 'assignment', 'complete', 'delete', 'start', 'end', 'take']),
  valueType: requiredCode('值类型', ['classListener', 'expressionListener', 'delegateExpressionListener']),
  value: requiredText('执行内容', 500),
  status: statusField,
  remark: optionalText('备注', 500, 'multiline'),
}).refine((v) => (v.type === '1' ? ['create', 'assignment', 'complete', 'delete'] : ['start', 'end', 'take']).includes(v.eventType),
  { message: '事件类型与监听类型不匹配', path: ['eventType'] });
export const listenerUpdateInput = listenerAddInput.and(z.object({ id: idValue }));

export const formListInput = pageInput.extend({ formName: filterText });
export const formExportInput = formListInput.omit({ pageNum: true, pageSize: true });
/** formContent: the designer's JSON, as text or as an object (stored as text). */
const formContent = z.union([z.string(), z.record(z.string(), z.unknown())]).nullish()
  .refine(withinJsonDepth, { message: FORM_TOO_DEEP_MESSAGE, abort: true })
  .refine(isCleanValue, controlCharsMessage('表单内容'))
  .transform((v) => (v === null || v === undefined ? undefined : typeof v === 'string' ? v : JSON.stringify(v)))
  .refine((v) => { if (v === undefined || v === '') return true; try { JSON.parse(v); return true; } catch { return false; } }, '表单内容不是合法的 JSON');
export const formAddInput = z.object({ formName: requiredText('表单名称', 100), formContent, remark: optionalText('备注', 500, 'multiline') });
export const formUpdateInput = formAddInput.extend({ formId: idValue });
export const formIdInput = z.object({ formId: idValue });
export const formIdsInput = z.object({ formIds: z.array(idValue).min(1, '表单ID不能为空') });
export const deployFormInput = z.object({ formId: idValue, deployId: engineId('部署ID') });
