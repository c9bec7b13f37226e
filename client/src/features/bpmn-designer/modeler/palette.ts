/**
 * The designer's palette (issue 13 part C: "the palette offers exactly what the engine runs"):
 * the hand, lasso, space and global-connect tools, then every creatable flow node of the one
 * supported list (shared/bpmn/supported.ts), grouped (events, tasks, gateways, sub-processes),
 * with Chinese titles built from the list's names (创建 + event kind + element name). Boundary
 * events are made by dropping an intermediate catch event on an activity's border. Registered
 * under bpmn-js's `paletteProvider` name, so it replaces the default provider.
 */
import type { PaletteEntries } from 'diagram-js/lib/features/palette/PaletteProvider';
import { EVENT_DEFINITION_NAMES, SUPPORTED_ELEMENTS, type EventDefinitionType, type SupportedElementType } from '../../../../../shared/bpmn/supported';

/* The injected diagram-js services, reduced to what the palette calls. */
interface Palette { registerProvider(provider: unknown): void }
interface Create { start(event: Event, shapes: unknown, hints?: unknown): void }
interface ElementFactory { createShape(attrs: Record<string, unknown>): unknown }
interface Tool { activateSelection(event: Event): void }
interface HandTool { activateHand(event: Event): void }
interface GlobalConnect { start(event: Event): void }
type Translate = (text: string) => string;

/** One create entry: the shape it creates (a supported type, optionally an event definition). */
export interface PaletteShape {
  action: string;
  group: 'event' | 'activity' | 'gateway' | 'subprocess';
  type: SupportedElementType;
  eventDefinitionType?: EventDefinitionType;
  /** Event sub-process (bpmn:SubProcess triggeredByEvent="true"). */
  triggeredByEvent?: boolean;
  className: string;
}

/** The create entries, in display order. */
export const PALETTE_SHAPES: readonly PaletteShape[] = [
  { action: 'create.start-event', group: 'event', type: 'bpmn:StartEvent', className: 'bpmn-icon-start-event-none' },
  { action: 'create.end-event', group: 'event', type: 'bpmn:EndEvent', className: 'bpmn-icon-end-event-none' },
  { action: 'create.timer-catch-event', group: 'event', type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:TimerEventDefinition', className: 'bpmn-icon-intermediate-event-catch-timer' },
  { action: 'create.message-catch-event', group: 'event', type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:MessageEventDefinition', className: 'bpmn-icon-intermediate-event-catch-message' },
  { action: 'create.signal-catch-event', group: 'event', type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:SignalEventDefinition', className: 'bpmn-icon-intermediate-event-catch-signal' },
  { action: 'create.signal-throw-event', group: 'event', type: 'bpmn:IntermediateThrowEvent', eventDefinitionType: 'bpmn:SignalEventDefinition', className: 'bpmn-icon-intermediate-event-throw-signal' },
  { action: 'create.user-task', group: 'activity', type: 'bpmn:UserTask', className: 'bpmn-icon-user-task' },
  { action: 'create.service-task', group: 'activity', type: 'bpmn:ServiceTask', className: 'bpmn-icon-service-task' },
  { action: 'create.receive-task', group: 'activity', type: 'bpmn:ReceiveTask', className: 'bpmn-icon-receive-task' },
  { action: 'create.task', group: 'activity', type: 'bpmn:Task', className: 'bpmn-icon-task' },
  { action: 'create.manual-task', group: 'activity', type: 'bpmn:ManualTask', className: 'bpmn-icon-manual-task' },
  { action: 'create.call-activity', group: 'activity', type: 'bpmn:CallActivity', className: 'bpmn-icon-call-activity' },
  { action: 'create.exclusive-gateway', group: 'gateway', type: 'bpmn:ExclusiveGateway', className: 'bpmn-icon-gateway-xor' },
  { action: 'create.parallel-gateway', group: 'gateway', type: 'bpmn:ParallelGateway', className: 'bpmn-icon-gateway-parallel' },
  { action: 'create.inclusive-gateway', group: 'gateway', type: 'bpmn:InclusiveGateway', className: 'bpmn-icon-gateway-or' },
  { action: 'create.event-based-gateway', group: 'gateway', type: 'bpmn:EventBasedGateway', className: 'bpmn-icon-gateway-eventbased' },
  { action: 'create.subprocess-expanded', group: 'subprocess', type: 'bpmn:SubProcess', className: 'bpmn-icon-subprocess-expanded' },
  { action: 'create.event-subprocess', group: 'subprocess', type: 'bpmn:SubProcess', triggeredByEvent: true, className: 'bpmn-icon-event-subprocess-expanded' },
];

/** The tools, in display order. */
export const PALETTE_TOOLS = ['hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool'] as const;

/** The palette's `data-action` names, in display order (the e2e tests check exactly these). */
export const PALETTE_ACTIONS: readonly string[] = [...PALETTE_TOOLS, ...PALETTE_SHAPES.map((s) => s.action)];

/** Chinese title of a create entry: 创建 + the event kind + the supported list's name (创建定时中间捕获事件). */
export function paletteTitle(s: Pick<PaletteShape, 'type' | 'eventDefinitionType' | 'triggeredByEvent'>): string {
  if (s.triggeredByEvent) return '创建事件子流程';
  const kind = s.eventDefinitionType ? EVENT_DEFINITION_NAMES[s.eventDefinitionType] : '';
  return `创建${kind}${SUPPORTED_ELEMENTS[s.type].name}`;
}

/** Palette provider with the tools and PALETTE_SHAPES. */
export class DesignerPaletteProvider {
  static $inject = ['palette', 'create', 'elementFactory', 'spaceTool', 'lassoTool', 'handTool', 'globalConnect', 'translate'];

  constructor(
    palette: Palette,
    private create: Create,
    private elementFactory: ElementFactory,
    private spaceTool: Tool,
    private lassoTool: Tool,
    private handTool: HandTool,
    private globalConnect: GlobalConnect,
    private translate: Translate,
  ) {
    palette.registerProvider(this);
  }

  /** The shapes one entry drops: a sub-process comes with its start event (a timer start in an event sub-process). */
  private shapesOf(s: PaletteShape): unknown {
    const f = this.elementFactory;
    if (s.type !== 'bpmn:SubProcess') return f.createShape({ type: s.type, ...(s.eventDefinitionType ? { eventDefinitionType: s.eventDefinitionType } : {}) });
    const sub = f.createShape({ type: 'bpmn:SubProcess', x: 0, y: 0, isExpanded: true, ...(s.triggeredByEvent ? { triggeredByEvent: true } : {}) });
    const start = f.createShape({
      type: 'bpmn:StartEvent', x: 40, y: 82, parent: sub,
      ...(s.triggeredByEvent ? { eventDefinitionType: 'bpmn:TimerEventDefinition' } : {}),
    });
    return [sub, start];
  }

  getPaletteEntries(): PaletteEntries {
    const t = this.translate;
    const entries: Record<string, unknown> = {
      'hand-tool': { group: 'tools', className: 'bpmn-icon-hand-tool', title: t('Activate hand tool'), action: { click: (e: Event) => this.handTool.activateHand(e) } },
      'lasso-tool': { group: 'tools', className: 'bpmn-icon-lasso-tool', title: t('Activate lasso tool'), action: { click: (e: Event) => this.lassoTool.activateSelection(e) } },
      'space-tool': { group: 'tools', className: 'bpmn-icon-space-tool', title: t('Activate create/remove space tool'), action: { click: (e: Event) => this.spaceTool.activateSelection(e) } },
      'global-connect-tool': { group: 'tools', className: 'bpmn-icon-connection-multi', title: t('Activate global connect tool'), action: { click: (e: Event) => this.globalConnect.start(e) } },
      'tool-separator': { group: 'tools', separator: true },
    };
    for (const s of PALETTE_SHAPES) {
      const start = (event: Event) => {
        const shapes = this.shapesOf(s);
        this.create.start(event, shapes, Array.isArray(shapes) ? { hints: { autoSelect: [shapes[0]] } } : undefined);
      };
      entries[s.action] = { group: s.group, className: s.className, title: paletteTitle(s), action: { dragstart: start, click: start } };
    }
    return entries as unknown as PaletteEntries;
  }
}

/** The module that swaps bpmn-js's palette provider for ours. */
export const designerPaletteModule = {
  __init__: ['paletteProvider'],
  paletteProvider: ['type', DesignerPaletteProvider],
};
