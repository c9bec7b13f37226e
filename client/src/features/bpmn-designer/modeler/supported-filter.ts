/**
 * What the designer may offer (issue 13 part C: "the palette, replace menu, context pad and
 * property panels offer exactly" what the engine runs), as pure functions over bpmn-js entry ids
 * and replace targets, read from the one list in shared/bpmn/supported.ts:
 * - element types: SUPPORTED_ELEMENTS (sequence flows and structure included);
 * - event definitions per event type: SUPPORTED_EVENT_DEFINITIONS, and the start events of an
 *   event sub-process: EVENT_SUBPROCESS_START_DEFINITIONS (no none start);
 * - boundary events only on BOUNDARY_HOSTS;
 * - multi-instance only on user tasks; no standard loop, no compensation.
 */
import {
  BOUNDARY_HOSTS, EVENT_SUBPROCESS_START_DEFINITIONS, isSupportedElement, isSupportedEventDefinition,
} from '../../../../../shared/bpmn/supported';

/** A bpmn-js replace target (ReplaceOptions `target`) or an append / create shape's attributes. */
export interface ShapeTarget {
  type: string;
  eventDefinitionType?: string;
  isExpanded?: boolean;
  triggeredByEvent?: boolean;
  isForCompensation?: boolean;
}

/** Where a replace happens: the element is a start event directly inside an event sub-process. */
export interface ReplaceContext { inEventSubProcess?: boolean }

/**
 * True when the engine runs `target`: a supported type, and for events a supported event
 * definition for that event type (inside an event sub-process, a start event needs one of
 * EVENT_SUBPROCESS_START_DEFINITIONS). Compensation activities are refused.
 */
export function isOfferedTarget(target: ShapeTarget, context: ReplaceContext = {}): boolean {
  if (!isSupportedElement(target.type) || target.isForCompensation) return false;
  if (!target.type.endsWith('Event')) return true;
  const def = target.eventDefinitionType ?? 'none';
  if (target.type === 'bpmn:StartEvent' && context.inEventSubProcess) {
    return (EVENT_SUBPROCESS_START_DEFINITIONS as ReadonlyArray<string>).includes(def);
  }
  return isSupportedEventDefinition(target.type, def);
}

/** True when a boundary event may be attached to an element of type `hostType`. */
export function isBoundaryHost(hostType: string): boolean {
  return (BOUNDARY_HOSTS as ReadonlyArray<string>).includes(hostType);
}

/**
 * Filters the replace menu's entries (keyed by bpmn-js action names, `replace-with-…`):
 * `targets` maps an action name to its replace target (entries without one, e.g. the sequence
 * flow kinds, stay). A boundary event on a host that may not carry one keeps no entry.
 */
export function filterReplaceEntries<T>(
  entries: Record<string, T>,
  targets: Readonly<Record<string, ShapeTarget | undefined>>,
  context: ReplaceContext & { boundaryHost?: string } = {},
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [id, entry] of Object.entries(entries)) {
    const target = targets[id];
    if (target && !isOfferedTarget(target, context)) continue;
    if (target?.type === 'bpmn:BoundaryEvent' && context.boundaryHost && !isBoundaryHost(context.boundaryHost)) continue;
    out[id] = entry;
  }
  return out;
}

/** Multi-instance and loop header toggles of the replace menu (bpmn-js ids). */
const LOOP_HEADERS = ['toggle-parallel-mi', 'toggle-sequential-mi', 'toggle-loop'];

/**
 * Filters the replace menu's header toggles: multi-instance (parallel / sequential) only on a
 * user task, the standard loop never; ad-hoc / collection / participant toggles never (the
 * engine runs none of them). The non-interrupting toggle stays (boundary and event sub-process
 * start events honour it).
 */
export function filterHeaderEntries<T>(entries: Record<string, T>, elementType: string): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [id, entry] of Object.entries(entries)) {
    if (id === 'toggle-loop') continue;
    if (LOOP_HEADERS.includes(id) && elementType !== 'bpmn:UserTask') continue;
    if (id === 'toggle-adhoc' || id === 'toggle-is-collection' || id === 'toggle-participant-multiplicity') continue;
    out[id] = entry;
  }
  return out;
}

/** The shapes bpmn-js's context pad appends, by entry id (bpmn-js 18 ContextPadProvider). */
export const APPEND_TARGETS: Readonly<Record<string, ShapeTarget>> = {
  'append.end-event': { type: 'bpmn:EndEvent' },
  'append.gateway': { type: 'bpmn:ExclusiveGateway' },
  'append.append-task': { type: 'bpmn:Task' },
  'append.user-task': { type: 'bpmn:UserTask' },
  'append.intermediate-event': { type: 'bpmn:IntermediateThrowEvent' },
  'append.receive-task': { type: 'bpmn:ReceiveTask' },
  'append.message-intermediate-event': { type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:MessageEventDefinition' },
  'append.timer-intermediate-event': { type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:TimerEventDefinition' },
  'append.condition-intermediate-event': { type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:ConditionalEventDefinition' },
  'append.signal-intermediate-event': { type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:SignalEventDefinition' },
  'append.compensation-activity': { type: 'bpmn:Task', isForCompensation: true },
  'append.text-annotation': { type: 'bpmn:TextAnnotation' },
};

/** Filters the context pad's entries: append entries whose shape the engine does not run go. */
export function filterPadEntries<T>(entries: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [id, entry] of Object.entries(entries)) {
    const target = APPEND_TARGETS[id];
    if (id.startsWith('append.') && (!target || !isOfferedTarget(target))) continue;
    out[id] = entry;
  }
  return out;
}
