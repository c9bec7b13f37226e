/** Test helpers: parse XML with bpmn-moddle + the shared flowable descriptor, write, export. */
import { BpmnModdle } from 'bpmn-moddle';
import { moddlePackages } from '../../../../../../shared/bpmn/flowable-moddle';
import { directOps, type ModdleEl, type ModdleOps } from '../ops';

interface ModdleApi {
  fromXML(xml: string): Promise<{ rootElement: ModdleEl; warnings: { message: string }[] }>;
  toXML(el: ModdleEl, opts?: { format?: boolean }): Promise<{ xml: string }>;
  create(type: string, props?: Record<string, unknown>): ModdleEl;
}

/** A designer-shaped diagram: start → 审批 (user task) → gateway → end / 复核 → end. */
export const DESIGNER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" id="diagram_Process_1" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="Process_ab12cd34" name="业务流程_ab12cd34" isExecutable="true">
    <bpmn:startEvent id="start_event" name="开始"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="Activity_1" name="审批"><bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing></bpmn:userTask>
    <bpmn:exclusiveGateway id="Gateway_1"><bpmn:incoming>Flow_2</bpmn:incoming><bpmn:outgoing>Flow_3</bpmn:outgoing><bpmn:outgoing>Flow_4</bpmn:outgoing></bpmn:exclusiveGateway>
    <bpmn:userTask id="Activity_2" name="复核"><bpmn:incoming>Flow_4</bpmn:incoming><bpmn:outgoing>Flow_5</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="Event_end" name="结束"><bpmn:incoming>Flow_3</bpmn:incoming><bpmn:incoming>Flow_5</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="start_event" targetRef="Activity_1" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Activity_1" targetRef="Gateway_1" />
    <bpmn:sequenceFlow id="Flow_3" name="小额" sourceRef="Gateway_1" targetRef="Event_end" />
    <bpmn:sequenceFlow id="Flow_4" name="大额" sourceRef="Gateway_1" targetRef="Activity_2" />
    <bpmn:sequenceFlow id="Flow_5" sourceRef="Activity_2" targetRef="Event_end" />
  </bpmn:process>
</bpmn:definitions>`;

export interface Loaded { moddle: ModdleApi; definitions: ModdleEl; ops: ModdleOps; byId(id: string): ModdleEl; process: ModdleEl; toXML(): Promise<string> }

/** Parses `xml` (no warnings allowed) and gives direct ops over the tree. */
export async function load(xml = DESIGNER_XML): Promise<Loaded> {
  const Ctor = BpmnModdle as unknown as new (p: unknown) => ModdleApi;
  const moddle = new Ctor(moddlePackages());
  const { rootElement, warnings } = await moddle.fromXML(xml);
  if (warnings.length) throw new Error(warnings.map((w) => w.message).join('\n'));
  const process = (rootElement.get('rootElements') as ModdleEl[]).find((r) => r.$type === 'bpmn:Process')!;
  const byId = (id: string) => {
    if (process.id === id) return process;
    const el = (process.get('flowElements') as ModdleEl[]).find((e) => e.id === id);
    if (!el) throw new Error(`no ${id}`);
    return el;
  };
  return {
    moddle, definitions: rootElement, ops: directOps(moddle), byId, process,
    toXML: async () => (await moddle.toXML(rootElement, { format: true })).xml,
  };
}
