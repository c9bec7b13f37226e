/**
 * bpmn-moddle 10 ships element typings only, not the `BpmnModdle` class (stack-notes §3.7):
 * the small shape the engine's parser uses.
 */
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: unknown; warnings: unknown[] }>;
  }
}
