/**
 * Context pad tweak of the designer (workflow spec §2): the "append task" action appends a user
 * task (the only task type the palette offers) instead of a plain task; every other action and the
 * replace menu stay as bpmn-js draws them.
 */
import type { ContextPadEntries } from 'diagram-js/lib/features/context-pad/ContextPadProvider';

interface ContextPad { registerProvider(priority: number, provider: unknown): void }
interface ElementFactory { createShape(attrs: { type: string }): unknown }
interface Create { start(event: Event, shape: unknown, hints?: unknown): void }
interface AutoPlace { append(source: unknown, shape: unknown): void }
interface AppendPreview { create(source: unknown, type: string): void; cleanUp(): void }
type Translate = (text: string) => string;

/** Replaces `append.append-task` with `append.user-task`, keeping the entry's place. */
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
      if (!entries['append.append-task']) return entries;
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
      return next;
    };
  }
}

/** The diagram-js module registering the tweak. */
export const designerContextPadModule = {
  __init__: ['designerContextPadProvider'],
  designerContextPadProvider: ['type', DesignerContextPadProvider],
};
