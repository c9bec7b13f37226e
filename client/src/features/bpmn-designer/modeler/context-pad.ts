/**
 * The context pad, the replace menu (更改类型) and the attach rule of the designer (issue 13
 * part C: they offer exactly what the engine runs, modeler/supported-filter.ts over
 * shared/bpmn/supported.ts):
 * - the "append task" action appends a user task; append entries of shapes the engine does not
 *   run (conditional catch, compensation activity, …) are dropped;
 * - the replace menu keeps supported types with event definitions supported for that event type
 *   (event sub-process starts per EVENT_SUBPROCESS_START_DEFINITIONS), boundary events only on
 *   BOUNDARY_HOSTS, multi-instance toggles only on user tasks;
 * - an event is attached to an activity's border only when the activity is a BOUNDARY_HOST.
 */
import type { ContextPadEntries } from 'diagram-js/lib/features/context-pad/ContextPadProvider';
import RuleProvider from 'diagram-js/lib/features/rules/RuleProvider';
import * as ReplaceOptions from 'bpmn-js/lib/features/replace/ReplaceOptions';
import { filterHeaderEntries, filterPadEntries, filterReplaceEntries, isBoundaryHost, type ShapeTarget } from './supported-filter';

interface ContextPad { registerProvider(priority: number, provider: unknown): void }
interface PopupMenu { registerProvider(id: string, priority: number, provider: unknown): void }
interface ElementFactory { createShape(attrs: { type: string }): unknown }
interface Create { start(event: Event, shape: unknown, hints?: unknown): void }
interface AutoPlace { append(source: unknown, shape: unknown): void }
interface AppendPreview { create(source: unknown, type: string): void; cleanUp(): void }
type Translate = (text: string) => string;

/** A diagram element as the filters read it. */
interface DiagramShape {
  type: string;
  host?: DiagramShape;
  parent?: DiagramShape;
  businessObject?: { triggeredByEvent?: boolean };
}

/** Replace targets of bpmn-js 18 by action name (`replace-with-timer-boundary` → {BoundaryEvent, Timer}). */
export const REPLACE_TARGETS: Readonly<Record<string, ShapeTarget | undefined>> = (() => {
  const out: Record<string, ShapeTarget | undefined> = {};
  for (const list of Object.values(ReplaceOptions)) {
    if (!Array.isArray(list)) continue;
    for (const o of list as Array<{ actionName: string; target?: ShapeTarget }>) out[o.actionName] = o.target;
  }
  return out;
})();

/** Context pad: `append.append-task` becomes `append.user-task`; unsupported appends go. */
export class DesignerContextPadProvider {
  static $inject = ['contextPad', 'elementFactory', 'create', 'autoPlace', 'appendPreview', 'translate'];

  constructor(
    contextPad: ContextPad,
    private elementFactory: ElementFactory,
    private create: Create,
    private autoPlace: AutoPlace | null,
    private appendPreview: AppendPreview | null,
    private translate: Translate,
  ) {
    contextPad.registerProvider(500, this);
  }

  getContextPadEntries() {
    return (entries: ContextPadEntries): ContextPadEntries => {
      if (!entries['append.append-task']) return filterPadEntries(entries);
      const type = 'bpmn:UserTask';
      const userTask = {
        group: 'model',
        className: 'bpmn-icon-user-task',
        title: this.translate('Append user task'),
        action: {
          dragstart: (event: Event, element: unknown) => this.create.start(event, this.elementFactory.createShape({ type }), { source: element }),
          click: (event: Event, element: unknown) => {
            if (this.autoPlace) this.autoPlace.append(element, this.elementFactory.createShape({ type }));
            else this.create.start(event, this.elementFactory.createShape({ type }), { source: element });
          },
          hover: (_event: Event, element: unknown) => {
            if (!this.appendPreview) return undefined;
            this.appendPreview.create(element, type);
            return () => this.appendPreview?.cleanUp();
          },
        },
      };
      const next: ContextPadEntries = {};
      for (const [key, entry] of Object.entries(entries)) {
        if (key === 'append.append-task') next['append.user-task'] = userTask as unknown as ContextPadEntries[string];
        else next[key] = entry;
      }
      return filterPadEntries(next);
    };
  }
}

/** Replace menu (更改类型): runs after bpmn-js's provider and filters its entries and header toggles. */
export class DesignerReplaceMenuFilter {
  static $inject = ['popupMenu'];

  constructor(popupMenu: PopupMenu) {
    popupMenu.registerProvider('bpmn-replace', 500, this);
  }

  getPopupMenuEntries(target: DiagramShape) {
    const inEventSubProcess = target.type === 'bpmn:StartEvent' && !!target.parent?.businessObject?.triggeredByEvent;
    return (entries: Record<string, unknown>) =>
      filterReplaceEntries(entries, REPLACE_TARGETS, { inEventSubProcess, boundaryHost: target.host?.type });
  }

  getPopupMenuHeaderEntries(target: DiagramShape) {
    return (entries: Record<string, unknown>) => filterHeaderEntries(entries, target.type);
  }
}

interface BpmnRules { canAttach(shapes: unknown, target: unknown, source: unknown, position: unknown): unknown }
interface RuleContext { shape?: DiagramShape; shapes?: DiagramShape[]; target?: DiagramShape; position?: unknown }

/** Refuses attaching an event to an activity that is not a BOUNDARY_HOST (e.g. a manual task). */
export class DesignerAttachRules extends RuleProvider {
  static $inject = ['eventBus', 'bpmnRules'];

  constructor(eventBus: unknown, private bpmnRules: BpmnRules) {
    super(eventBus as never);
  }

  init() {
    const refuse = (ctx: RuleContext) => {
      const shapes = ctx.shapes ?? (ctx.shape ? [ctx.shape] : []);
      if (!ctx.target || shapes.length !== 1) return undefined;
      if (this.bpmnRules.canAttach(shapes, ctx.target, null, ctx.position) === 'attach' && !isBoundaryHost(ctx.target.type)) return false;
      return undefined;
    };
    this.addRule('shape.attach', 1500, refuse as never);
    this.addRule('elements.move', 1500, refuse as never);
  }
}

/** The diagram-js module registering the tweaks. */
export const designerContextPadModule = {
  __init__: ['designerContextPadProvider', 'designerReplaceMenuFilter', 'designerAttachRules'],
  designerContextPadProvider: ['type', DesignerContextPadProvider],
  designerReplaceMenuFilter: ['type', DesignerReplaceMenuFilter],
  designerAttachRules: ['type', DesignerAttachRules],
};
