/**
 * Repository commands (ruoyi-flowable.md §6 "Model save / deploy / versions / category"):
 * deploy (a new deployment per save; version n+1 of the process key), suspend/activate a
 * definition (and its instances), delete a deployment (its definitions, instances, history).
 */
import { notFound, refused } from '../../core/errors';
import { parseBpmnXml } from '../parse/parse-xml';
import { normalise } from '../model/normalise';
import { lintGraph } from '../model/lint';
import { Problems, type ModelProblem } from '../model/problems';
import { AppError } from '../../core/errors';
import { advanceDefinition, advanceInstance } from '../behaviours/lifecycle-machines';
import { stmt } from '../store/rows';
import { deleteInstancesWhere, withCalledInstances } from '../store/instance-rows';
import { newId } from '../runtime/context';
import { hasExpression } from '../expression';
import { registerStartEvents, unregisterStartEvents } from './event-starts';
import { MSG, type EngineCore } from '../core';

export interface DeployInput {
  /** BPMN 2.0 XML (flowable:/activiti:/camunda: extensions). */
  xml: string;
  /** Deployment name (RuoYi: the model name); defaults to the process name or key. */
  name?: string;
  /** Category; defaults to `flowable:processCategory`. */
  category?: string;
  /**
   * Runs inside the deploy transaction once the rows are written (a throw rolls the deployment
   * back): the caller stores what belongs with this version, e.g. copies of its forms (issue 16).
   * Awaited after the engine's synchronous part, in the same transaction: its statements go
   * through the store (issue 43). `formKeys`: the literal (non-expression) form keys of the start event and the user tasks;
   * `startFormKey`: the literal form key of the process's none start event, if any (issue 40 §2).
   */
  onDeployed?: (r: DeployResult & { formKeys: string[]; startFormKey?: string }) => void | Promise<void>;
}

export interface DeployResult {
  deploymentId: string;
  definitionId: string;
  key: string;
  version: number;
  name: string;
  category: string;
}

/**
 * Parses, lints and stores a new deployment with one definition version.
 * Errors (AppError invalid): XML unreadable; unsupported element ("部署失败: 不支持的流程元素 <id> (<type>)");
 * unregistered listener; invalid expression. AppError conflict: a message start event's message already
 * used by another process's message start (commands/event-starts.ts).
 */
export async function deploy(core: EngineCore, input: DeployInput): Promise<DeployResult> {
  const parsed = await parseBpmnXml(input.xml);
  const graph = normalise(parsed);
  lintGraph(graph, core.deps.handlers);
  const name = (input.name ?? '').trim() || graph.name || graph.key;
  const category = (input.category ?? '').trim() || graph.category;
  const graphJson = JSON.stringify(graph);
  let hookInput: (DeployResult & { formKeys: string[]; startFormKey?: string }) | undefined;
  return core.command(() => {
    const now = core.now();
    const last = stmt(core.db, 'SELECT MAX(version) AS v FROM wf_definition WHERE key = ?').get(graph.key) as { v: number | null };
    const version = (last.v ?? 0) + 1;
    const deploymentId = newId();
    const definitionId = `${graph.key}:${version}:${deploymentId}`;
    stmt(core.db, 'INSERT INTO wf_deployment (id, name, category, deploy_time) VALUES (?, ?, ?, ?)').run(deploymentId, name, category, now);
    stmt(core.db, `INSERT INTO wf_definition (id, key, version, name, category, description, deployment_id, resource_name, xml, graph,
      form_key, suspension_state, machine_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'active')`).run(
      definitionId, graph.key, version, graph.name || name, category, graph.documentation, deploymentId, `${name}.bpmn`,
      input.xml, graphJson, graph.formKey ?? null,
    );
    registerStartEvents(core.db, definitionId, graph, now); // timer / message / signal start events: the newest version listens
    const result = { deploymentId, definitionId, key: graph.key, version, name: graph.name || name, category };
    const startFormKey = graph.formKey && !hasExpression(graph.formKey) ? graph.formKey.trim() : undefined;
    hookInput = { ...result, formKeys: literalFormKeys(graph), startFormKey };
    return result;
  }, async () => { if (input.onDeployed && hookInput) await input.onDeployed(hookInput); });
}

/** The form keys written as literals on the start event and user tasks (no `${…}`), each once. */
function literalFormKeys(graph: ReturnType<typeof normalise>): string[] {
  const keys = new Set<string>();
  for (const n of Object.values(graph.nodes)) {
    if (n.formKey && !hasExpression(n.formKey)) keys.add(n.formKey.trim());
  }
  return [...keys];
}

/**
 * Every problem of a model (not only the first): XML that does not parse, unsupported elements
 * and event definitions, scope errors, unregistered listeners / services, invalid expressions.
 * Each names the element (id, name, moddle type) with deploy's text. Empty = deployable. Never
 * throws for model problems; nothing is stored.
 */
export async function validate(core: EngineCore, input: { xml: string }): Promise<ModelProblem[]> {
  const problems = new Problems(true);
  try {
    const graph = normalise(await parseBpmnXml(input.xml), problems);
    lintGraph(graph, core.deps.handlers, problems);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const m = /^部署失败: 不支持的流程元素 (\S+) \((bpmn:\w+)\)/.exec(e.message);
    problems.list.push({ elementId: m?.[1] ?? '', elementName: '', elementType: m?.[2] ?? '', message: e.message });
  }
  return problems.list;
}

/**
 * Suspends (state 2) or activates (state 1) a definition — by definition id or by deployment id —
 * and all its running instances (Flowable suspendProcessDefinitionById(id, true, null)).
 * Errors: "流程定义不存在"; "流程定义已处于该状态" when already in that state.
 */
export function setDefinitionState(core: EngineCore, input: { definitionId?: string; deploymentId?: string; state: 1 | 2 }) {
  core.tx(() => {
    const defs = (input.definitionId
      ? stmt(core.db, 'SELECT id, suspension_state AS s FROM wf_definition WHERE id = ?').all(input.definitionId)
      : stmt(core.db, 'SELECT id, suspension_state AS s FROM wf_definition WHERE deployment_id = ?').all(input.deploymentId ?? '')) as Array<{ id: string; s: number }>;
    if (!defs.length) throw notFound(MSG.definitionMissing);
    for (const d of defs) {
      const next = advanceDefinition(d.s, input.state === 2 ? 'SUSPEND' : 'ACTIVATE');
      if (next === null) throw refused(input.state === 2 ? '流程定义已处于挂起状态' : '流程定义已处于激活状态');
      stmt(core.db, 'UPDATE wf_definition SET suspension_state = ?, machine_state = ? WHERE id = ?').run(next, next === 2 ? 'suspended' : 'active', d.id);
      const instances = stmt(core.db, "SELECT id, state FROM wf_instance WHERE definition_id = ? AND end_time IS NULL").all(d.id) as Array<{ id: string; state: string }>;
      for (const i of instances) {
        const s = advanceInstance(i.state, input.state === 2 ? 'SUSPEND' : 'ACTIVATE');
        if (!s) continue;
        stmt(core.db, 'UPDATE wf_instance SET state = ?, revision = revision + 1 WHERE id = ?').run(s, i.id);
        stmt(core.db, 'UPDATE wf_task SET suspended = ? WHERE instance_id = ?').run(s === 'suspended' ? 1 : 0, i.id);
      }
    }
  });
}

/**
 * A deployment's instances (the `?`) and the instances their call activities started, whatever
 * deployment those come from: Flowable deletes a process instance's sub-process instances with it
 * (ExecutionEntityManager.deleteProcessInstanceCascade), so a called instance is not left running
 * under a caller that is gone.
 */
const DEPLOYMENT_INSTANCES = withCalledInstances('SELECT i.id FROM wf_instance i JOIN wf_definition def ON def.id = i.definition_id WHERE def.deployment_id = ?');

/**
 * Deletes deployments with their definitions (cascade), their instances and the instances those
 * called (DEPLOYMENT_INSTANCES), with all their rows (store/instance-rows.ts). Unknown ids are ignored.
 */
export function deleteDeployment(core: EngineCore, deploymentIds: string | string[]) {
  const ids = Array.isArray(deploymentIds) ? deploymentIds : [deploymentIds];
  core.tx(() => {
    unregisterStartEvents(core.db, ids, (definitionId) => core.graph(definitionId), core.now());
    for (const id of ids) {
      for (const d of stmt(core.db, 'SELECT id FROM wf_definition WHERE deployment_id = ?').all(id) as Array<{ id: string }>) core.forgetGraph(d.id);
      deleteInstancesWhere(core.db, DEPLOYMENT_INSTANCES, [id]);
      stmt(core.db, 'DELETE FROM wf_deployment WHERE id = ?').run(id); // its definitions (cascade)
    }
  });
}

/** Updates a deployment's name/category (management view); the definition's category follows. */
export function updateDeployment(core: EngineCore, input: { deploymentId: string; name?: string; category?: string }) {
  core.tx(() => {
    const r = stmt(core.db, 'SELECT id FROM wf_deployment WHERE id = ?').get(input.deploymentId);
    if (!r) throw notFound('部署不存在');
    if (input.name !== undefined) stmt(core.db, 'UPDATE wf_deployment SET name = ? WHERE id = ?').run(input.name, input.deploymentId);
    if (input.category !== undefined) {
      stmt(core.db, 'UPDATE wf_deployment SET category = ? WHERE id = ?').run(input.category, input.deploymentId);
      stmt(core.db, 'UPDATE wf_definition SET category = ? WHERE deployment_id = ?').run(input.category, input.deploymentId);
    }
  });
}
