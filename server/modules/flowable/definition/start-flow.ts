/**
 * The start screen's read (`GET /flowable/process/startFlow/{deployId}`; workflow spec §2
 * "Start-process screen", §4 "Starting a process"): the definition, its XML, the main form and,
 * since issue 40 §2, the variables the start's own conditions read, so that a start without any
 * form asks first instead of failing or taking a default branch silently.
 */
import type { AppDeps } from '../../../deps';
import { expressionVariables, type ProcessGraph } from '../../../engine';
import { parseForm } from '../library/library.service';
import { mainFormOfDeployment } from '../library/form-versions.repo';

type Deps = Pick<AppDeps, 'store' | 'engine'>;

/** Node types where the start command stops (a wait state) or hands over to another scope. */
const STOPS = new Set(['userTask', 'receiveTask', 'intermediateCatchEvent', 'eventBasedGateway', 'callActivity', 'subProcess']);
/** Names the engine itself provides to conditions (multi-instance counters). */
const ENGINE_NAMES = new Set(['nrOfInstances', 'nrOfActiveInstances', 'nrOfCompletedInstances', 'loopCounter', 'execution']);

/**
 * The variables read by the conditions the start command itself evaluates: those of the sequence
 * flows reachable from the none start event before the first wait state (user or receive task,
 * catch event, call activity, sub-process), sorted; without the start event's initiator variable
 * and the engine's own names. [] for a model without a none start event or without such conditions.
 * A condition that does not parse is skipped (the deploy already refused those).
 */
export function startConditionVariables(graph: ProcessGraph): string[] {
  const names = new Set<string>();
  const start = graph.nodes[graph.startId];
  if (!start) return [];
  const seen = new Set<string>([start.id]);
  const queue = [start.id];
  while (queue.length) {
    const node = graph.nodes[queue.shift()!];
    for (const flowId of node.outgoing) {
      const flow = graph.flows[flowId];
      if (!flow) continue;
      if (flow.condition) {
        try {
          for (const n of expressionVariables(flow.condition)) names.add(n);
        } catch {
          // unparsable: refused at deploy, nothing to tell here
        }
      }
      const next = graph.nodes[flow.target];
      if (next && !seen.has(next.id) && !STOPS.has(next.type)) {
        seen.add(next.id);
        queue.push(next.id);
      }
    }
  }
  if (start.initiator) names.delete(start.initiator);
  for (const n of ENGINE_NAMES) names.delete(n);
  return [...names].sort();
}

/**
 * `GET /flowable/process/startFlow/{deployId}` → `{procDefId, deployId, name, suspensionState, xml,
 * formData, conditionVariables}`: formData is the main form (null without one); conditionVariables
 * as startConditionVariables. Error: the engine's definition-missing message (500).
 */
export async function startFlow(deps: Deps, deployId: string) {
  const def = await deps.engine.getDefinition({ deploymentId: deployId });
  const form = await mainFormOfDeployment(deps.store, deployId);
  return {
    procDefId: def.id, deployId, name: def.deploymentName || def.name, suspensionState: def.suspensionState,
    xml: await deps.engine.getXml({ deploymentId: deployId }), formData: form ? parseForm(form.formContent) : null,
    conditionVariables: startConditionVariables(await deps.engine.getGraph(def.id)),
  };
}
