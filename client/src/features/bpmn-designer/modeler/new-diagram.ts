/**
 * The new-diagram template of the process model designer (workflow spec §2 "Process model
 * designer"; reference §6 "BPMN XML produced by the designer"): an empty executable process whose
 * id is `flow_` + 8 random lowercase letters/digits and whose name is readable (新建流程 + the
 * date and time, e.g. 新建流程 2025-03-08 14:30, not the random key), with one start event
 * `start_event` named 开始, drawn (DI) so it shows on the canvas.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `flow_` + 8 random lowercase alphanumerics, e.g. `flow_ks2lyz4c` (spec §2: "The random id is 8 characters"). */
export function randomFlowId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ALPHABET[Math.floor(random() * ALPHABET.length) % ALPHABET.length];
  return `flow_${id}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The default name of a new process: 新建流程 + local date and minute, e.g. `新建流程 2025-03-08 14:30`. */
export function defaultProcessName(now: Date = new Date()): string {
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `新建流程 ${date} ${two(now.getHours())}:${two(now.getMinutes())}`;
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** BPMN XML of a new diagram (spec §2): process `id` a random flow id, `name` the readable default, unless given. */
export function newDiagramXml(id: string = randomFlowId(), name: string = defaultProcessName()): string {
  const pid = escapeAttr(id);
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="diagram_${pid}" targetNamespace="http://www.flowable.org/processdef">
  <bpmn:process id="${pid}" name="${escapeAttr(name)}" isExecutable="true">
    <bpmn:startEvent id="start_event" name="开始" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${pid}">
      <bpmndi:BPMNShape id="start_event_di" bpmnElement="start_event">
        <dc:Bounds x="242" y="222" width="36" height="36" />
        <bpmndi:BPMNLabel>
          <dc:Bounds x="249" y="265" width="22" height="14" />
        </bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
