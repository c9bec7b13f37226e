import { describe, expect, it } from 'vitest';
import * as ReplaceOptions from 'bpmn-js/lib/features/replace/ReplaceOptions';
import { SUPPORTED_ELEMENTS, isSupportedElement, isSupportedEventDefinition } from '../../../../../shared/bpmn/supported';
import { PALETTE_ACTIONS, PALETTE_SHAPES, paletteTitle } from './palette';
import { APPEND_TARGETS, filterHeaderEntries, filterPadEntries, filterReplaceEntries, isOfferedTarget } from './supported-filter';

/** action name → target of bpmn-js's replace options (as context-pad.ts builds it). */
const TARGETS: Record<string, { type: string; eventDefinitionType?: string } | undefined> = {};
for (const list of Object.values(ReplaceOptions)) if (Array.isArray(list)) for (const o of list) TARGETS[o.actionName] = o.target;
const entriesOf = (list: Array<{ actionName: string }>) => Object.fromEntries(list.map((o) => [o.actionName, o.actionName]));
const kept = (list: Array<{ actionName: string }>, ctx = {}) => Object.keys(filterReplaceEntries(entriesOf(list), TARGETS, ctx));

describe('palette (issue 13 C: exactly what the engine runs)', () => {
  it('offers only supported types with supported event definitions', () => {
    for (const s of PALETTE_SHAPES) {
      expect(isSupportedElement(s.type)).toBe(true);
      expect(isOfferedTarget(s)).toBe(true);
      if (s.eventDefinitionType) expect(isSupportedEventDefinition(s.type, s.eventDefinitionType)).toBe(true);
    }
  });

  it('offers every creatable node type of the shared list (boundary events come from attaching)', () => {
    const nodeTypes = Object.entries(SUPPORTED_ELEMENTS).filter(([, e]) => e.kind === 'node').map(([t]) => t);
    const offered = new Set(PALETTE_SHAPES.map((s) => s.type));
    expect(nodeTypes.filter((t) => !offered.has(t as never))).toEqual(['bpmn:BoundaryEvent']);
    expect(PALETTE_SHAPES.some((s) => s.type === 'bpmn:SubProcess' && s.triggeredByEvent)).toBe(true);
    for (const def of ['bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition']) {
      expect(PALETTE_SHAPES.some((s) => s.type === 'bpmn:IntermediateCatchEvent' && s.eventDefinitionType === def)).toBe(true);
    }
  });

  it('tools first, Chinese titles from the shared names', () => {
    expect(PALETTE_ACTIONS.slice(0, 4)).toEqual(['hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool']);
    expect(new Set(PALETTE_ACTIONS).size).toBe(PALETTE_ACTIONS.length);
    expect(paletteTitle({ type: 'bpmn:UserTask' })).toBe('创建用户任务');
    expect(paletteTitle({ type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:TimerEventDefinition' })).toBe('创建定时中间捕获事件');
    expect(paletteTitle({ type: 'bpmn:SubProcess', triggeredByEvent: true })).toBe('创建事件子流程');
    expect(paletteTitle({ type: 'bpmn:ParallelGateway' })).toBe('创建并行网关');
    expect(paletteTitle({ type: 'bpmn:EventBasedGateway' })).toBe('创建事件网关');
  });
});

describe('replace menu filter', () => {
  it('tasks: supported task types only (no send / script / business rule / ad-hoc / transaction)', () => {
    expect(kept(ReplaceOptions.TASK).sort()).toEqual([
      'replace-with-call-activity', 'replace-with-collapsed-subprocess', 'replace-with-expanded-subprocess', 'replace-with-manual-task',
      'replace-with-receive-task', 'replace-with-service-task', 'replace-with-task', 'replace-with-user-task',
    ]);
  });

  it('gateways: exclusive, parallel, inclusive, event-based (no complex)', () => {
    expect(kept(ReplaceOptions.GATEWAY)).toEqual([
      'replace-with-exclusive-gateway', 'replace-with-parallel-gateway', 'replace-with-inclusive-gateway', 'replace-with-event-based-gateway',
    ]);
  });

  it('end events: none, error, terminate', () => {
    expect(kept(ReplaceOptions.END_EVENT).filter((a) => TARGETS[a]?.type === 'bpmn:EndEvent')).toEqual(['replace-with-none-end', 'replace-with-error-end', 'replace-with-terminate-end']);
  });

  it('intermediate events: none / signal throw, timer / message / signal catch', () => {
    expect(kept(ReplaceOptions.INTERMEDIATE_EVENT).sort()).toEqual([
      'replace-with-message-intermediate-catch', 'replace-with-none-end', 'replace-with-none-intermediate-throw', 'replace-with-none-start',
      'replace-with-signal-intermediate-catch', 'replace-with-signal-intermediate-throw', 'replace-with-timer-intermediate-catch',
    ]);
  });

  it('boundary events: timer, message, signal (both kinds) and error, only on a boundary host', () => {
    expect(kept(ReplaceOptions.BOUNDARY_EVENT, { boundaryHost: 'bpmn:UserTask' }).sort()).toEqual([
      'replace-with-error-boundary', 'replace-with-message-boundary', 'replace-with-non-interrupting-message-boundary',
      'replace-with-non-interrupting-signal-boundary', 'replace-with-non-interrupting-timer-boundary', 'replace-with-signal-boundary', 'replace-with-timer-boundary',
    ]);
    expect(kept(ReplaceOptions.BOUNDARY_EVENT, { boundaryHost: 'bpmn:ManualTask' })).toEqual([]);
  });

  it('start events: none / timer / message / signal at process level; inside an event sub-process no none start, error allowed', () => {
    expect(kept(ReplaceOptions.START_EVENT).filter((a) => TARGETS[a]?.type === 'bpmn:StartEvent').sort()).toEqual([
      'replace-with-message-start', 'replace-with-none-start', 'replace-with-signal-start', 'replace-with-timer-start',
    ]);
    const inside = kept(ReplaceOptions.EVENT_SUB_PROCESS_START_EVENT, { inEventSubProcess: true });
    expect(inside).toContain('replace-with-error-start');
    expect(inside).toContain('replace-with-non-interrupting-timer-start');
    expect(inside).not.toContain('replace-with-conditional-start');
    expect(inside).not.toContain('replace-with-escalation-start');
    expect(kept(ReplaceOptions.START_EVENT_SUB_PROCESS, { inEventSubProcess: true })).not.toContain('replace-with-none-start');
  });

  it('sequence flow kinds stay (no target)', () => {
    expect(kept(ReplaceOptions.SEQUENCE_FLOW)).toEqual(['replace-with-sequence-flow', 'replace-with-default-flow', 'replace-with-conditional-flow']);
  });

  it('header toggles: multi-instance only on user tasks, never the standard loop or ad-hoc', () => {
    const headers = { 'toggle-parallel-mi': 1, 'toggle-sequential-mi': 2, 'toggle-loop': 3, 'toggle-non-interrupting': 4, 'toggle-adhoc': 5 };
    expect(Object.keys(filterHeaderEntries(headers, 'bpmn:UserTask'))).toEqual(['toggle-parallel-mi', 'toggle-sequential-mi', 'toggle-non-interrupting']);
    expect(Object.keys(filterHeaderEntries(headers, 'bpmn:ServiceTask'))).toEqual(['toggle-non-interrupting']);
  });
});

describe('context pad filter', () => {
  it('drops appends the engine does not run, keeps the rest', () => {
    const pad = Object.fromEntries([...Object.keys(APPEND_TARGETS), 'replace', 'connect', 'delete', 'append.unknown'].map((k) => [k, k]));
    expect(Object.keys(filterPadEntries(pad)).sort()).toEqual([
      'append.append-task', 'append.end-event', 'append.gateway', 'append.intermediate-event', 'append.message-intermediate-event', 'append.receive-task',
      'append.signal-intermediate-event', 'append.text-annotation', 'append.timer-intermediate-event', 'append.user-task', 'connect', 'delete', 'replace',
    ].sort());
  });
});
