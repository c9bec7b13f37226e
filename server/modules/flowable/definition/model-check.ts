/**
 * What the process designer asks of the server besides deploying (issue 13 part C; workflow spec
 * §5 "Designer and listeners"):
 * - `designerRuleError(xml)`: the designer's save rules (shared/bpmn/save-rules.ts, the same
 *   function 保存模型 runs in the browser): '节点名称不能为空' / 'Id 不能为空'. `definition.save`
 *   enforces them before deploying; `import` of BPMN files stays lenient (real files have unnamed
 *   nodes).
 * - `validateModel(deps, xml)`: every problem the engine finds in a model, for marking on the canvas.
 * - `serviceHandlerNames()`: the names a service task may use (registered handlers, never eval).
 */
import { BpmnModdle as BpmnModdleClass } from 'bpmn-moddle';
import type { AppDeps } from '../../../deps';
import { internal, invalid } from '../../../core/errors';
import { moddlePackages } from '../../../../shared/bpmn/flowable-moddle';
import { checkModel, type CheckedElement } from '../../../../shared/bpmn/save-rules';
import { definitionSave } from './definition.service';
import { workflowHandlers } from '../common/handlers';
import { MAX_XML_DEPTH, XML_TOO_DEEP_MESSAGE, xmlDepth } from '../../../engine';

type ModdleCtor = new (packages?: Record<string, unknown>) => { fromXML(xml: string, type?: string): Promise<{ rootElement: unknown }> };
const BpmnModdle = BpmnModdleClass as unknown as ModdleCtor;
let moddle: InstanceType<ModdleCtor> | undefined;

/**
 * The first designer-rule violation of `xml` (spec §5: 'Id 不能为空' for the process key and
 * nodes, '节点名称不能为空' for flow nodes; 流程XML嵌套过深（最多 64 层） past MAX_XML_DEPTH), or null when the model passes. XML bpmn-moddle cannot
 * read is left to the deploy (which answers 'BPMN XML 解析失败: …').
 */
export async function designerRuleError(xml: string): Promise<string | null> {
  // The rules walk the model recursively: refuse what would overflow the stack (issue 38 §6).
  if (xmlDepth(xml) > MAX_XML_DEPTH) return XML_TOO_DEEP_MESSAGE;
  moddle ??= new BpmnModdle(moddlePackages());
  let roots: CheckedElement[] | undefined;
  try {
    const { rootElement } = await moddle.fromXML(xml, 'bpmn:Definitions');
    roots = (rootElement as { rootElements?: CheckedElement[] }).rootElements;
  } catch {
    return null;
  }
  return checkModel(roots).errors[0]?.message ?? null;
}

/** Rejects (AppError('invalid') with the rule's message, nothing deployed) a model breaking the designer rules. */
export async function assertDesignerRules(xml: string): Promise<void> {
  const error = await designerRuleError(xml);
  if (error) throw invalid(error);
}

/**
 * The designer's save (`flowable.definition.save`): the designer rules first (AppError('invalid')
 * with the rule's message, nothing deployed), then a new deployment as `definitionSave`, whose engine
 * refusals are passed on as they are — a supported element not configured yet says what to fill
 * in, in the property panel's words (`部署失败: 消息事件「…」(id) 还没有选择消息：…`,
 * shared/bpmn/config-messages.ts; issue 40 item 5).
 */
export async function designerSave(deps: Parameters<typeof definitionSave>[0], f: { name: string; category?: string; xml: string }) {
  await assertDesignerRules(f.xml);
  return definitionSave(deps, f);
}

/** One problem of a model: the element (id, name, moddle type) and the reason, in Chinese. */
export interface ModelProblem { elementId: string; elementName: string; elementType: string; message: string }

type ValidatingEngine = { validate?: (input: { xml: string }) => Promise<ModelProblem[]> };

/**
 * Every problem of `xml` as the engine's validator sees it (`engine.validate`), [] when it
 * deploys. Deploys nothing. Error: AppError('internal', 流程校验暂不可用) when the engine has no validator.
 */
export async function validateModel(deps: Pick<AppDeps, 'engine'>, xml: string): Promise<ModelProblem[]> {
  const engine = deps.engine as unknown as ValidatingEngine;
  if (typeof engine.validate !== 'function') throw internal('流程校验暂不可用');
  return engine.validate({ xml });
}

/** The registered service-task handler names (`workflowHandlers.services`), sorted. */
export function serviceHandlerNames(): string[] {
  const services = (workflowHandlers as { services?: Record<string, unknown> }).services ?? {};
  return Object.keys(services).sort();
}
