/**
 * The designer's palette (workflow spec §2: "The palette offers only the hand, lasso, space and
 * global-connect tools, plus start event, end event, user task and exclusive gateway"). Registered
 * under bpmn-js's `paletteProvider` name, so it replaces the default provider.
 */
import type { PaletteEntries } from 'diagram-js/lib/features/palette/PaletteProvider';

/* The injected diagram-js services, reduced to what the palette calls. */
interface Palette { registerProvider(provider: unknown): void }
interface Create { start(event: Event, shape: unknown): void }
interface ElementFactory { createShape(attrs: { type: string }): unknown }
interface Tool { activateSelection(event: Event): void }
interface HandTool { activateHand(event: Event): void }
interface GlobalConnect { start(event: Event): void }
type Translate = (text: string) => string;

/** The palette's `data-action` names, in display order (the e2e test checks exactly these). */
export const PALETTE_ACTIONS = [
  'hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool',
  'create.start-event', 'create.end-event', 'create.user-task', 'create.exclusive-gateway',
] as const;

/** Palette provider with the spec's eight entries. */
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

  getPaletteEntries(): PaletteEntries {
    const t = this.translate;
    const createAction = (type: string, group: string, className: string, title: string) => {
      const start = (event: Event) => this.create.start(event, this.elementFactory.createShape({ type }));
      return { group, className, title, action: { dragstart: start, click: start } };
    };
    return {
      'hand-tool': { group: 'tools', className: 'bpmn-icon-hand-tool', title: t('Activate hand tool'), action: { click: (e: Event) => this.handTool.activateHand(e) } },
      'lasso-tool': { group: 'tools', className: 'bpmn-icon-lasso-tool', title: t('Activate lasso tool'), action: { click: (e: Event) => this.lassoTool.activateSelection(e) } },
      'space-tool': { group: 'tools', className: 'bpmn-icon-space-tool', title: t('Activate create/remove space tool'), action: { click: (e: Event) => this.spaceTool.activateSelection(e) } },
      'global-connect-tool': { group: 'tools', className: 'bpmn-icon-connection-multi', title: t('Activate global connect tool'), action: { click: (e: Event) => this.globalConnect.start(e) } },
      'tool-separator': { group: 'tools', separator: true },
      'create.start-event': createAction('bpmn:StartEvent', 'event', 'bpmn-icon-start-event-none', t('Create start event')),
      'create.end-event': createAction('bpmn:EndEvent', 'event', 'bpmn-icon-end-event-none', t('Create end event')),
      'create.user-task': createAction('bpmn:UserTask', 'activity', 'bpmn-icon-user-task', t('Create user task')),
      'create.exclusive-gateway': createAction('bpmn:ExclusiveGateway', 'gateway', 'bpmn-icon-gateway-xor', t('Create exclusive gateway')),
    } as unknown as PaletteEntries;
  }
}

/** The module that swaps bpmn-js's palette provider for ours. */
export const designerPaletteModule = {
  __init__: ['paletteProvider'],
  paletteProvider: ['type', DesignerPaletteProvider],
};
