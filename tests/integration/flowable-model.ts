/** A small approval model with Chinese names and diagram interchange (tests only). */
export const LEAVE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://www.flowable.org/processdef">
  <process id="leave" name="请假流程" isExecutable="true" flowable:processCategory="oa">
    <startEvent id="start_event" name="开始" flowable:initiator="INITIATOR"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="apply"/>
    <userTask id="apply" name="填写申请" flowable:assignee="\${INITIATOR}" flowable:userType="assignee" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="manager"/>
    <userTask id="manager" name="经理审批" flowable:candidateUsers="2" flowable:userType="candidateUsers" flowable:dataType="fixed"/>
    <sequenceFlow id="f3" sourceRef="manager" targetRef="finance"/>
    <userTask id="finance" name="财务审批" flowable:candidateGroups="1" flowable:userType="candidateGroups" flowable:dataType="fixed"/>
    <sequenceFlow id="f4" sourceRef="finance" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="leave">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="100" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_apply" bpmnElement="apply"><dc:Bounds x="180" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_manager" bpmnElement="manager"><dc:Bounds x="330" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_finance" bpmnElement="finance"><dc:Bounds x="480" y="78" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="630" y="100" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="136" y="118"/><di:waypoint x="180" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="280" y="118"/><di:waypoint x="330" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e3" bpmnElement="f3"><di:waypoint x="430" y="118"/><di:waypoint x="480" y="118"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e4" bpmnElement="f4"><di:waypoint x="580" y="118"/><di:waypoint x="630" y="118"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;

/** start → 审批 (candidate user 2, the seeded `ry`) → end: process `key` named `name`, category `category`. */
export const ryApprovalXml = (key: string, name: string, category = 'oa') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="${category}">
    <startEvent id="start_event" name="开始" flowable:initiator="INITIATOR"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="approve"/>
    <userTask id="approve" name="审批" flowable:candidateUsers="2" flowable:userType="candidateUsers" flowable:dataType="fixed"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
</definitions>`;
