/**
 * A one-task approval deployed over REST for e2e tests: stored start form → 部门审批 (one fixed
 * assignee, optional `flowable:fieldPermissions`) → end, the start event naming the form (so the
 * deploy links it as the main form, issue 40 §2; addDeployForm confirms it as 配置主表单 would).
 */
import { expect, type APIRequestContext } from '@playwright/test';

type Headers = Record<string, string>;

/** A form-generator field `{__config__, __vModel__, …}` of `tag` with label, id and extras. */
export const col = (id: number, label: string, tag: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { label, tag, layout: 'colFormItem', span: 24, showLabel: true, labelWidth: null, required: false, regList: [], changeTag: true, formId: id, renderKey: id, ...config },
  __vModel__: vModel, placeholder: `请输入${label}`, style: { width: '100%' }, ...extra,
});

/** A form-generator form (the 表单属性 of form-generator's defaults) holding `fields`. */
export const formOf = (fields: unknown[]) => ({
  formRef: 'elForm', formModel: 'formData', size: 'medium', labelPosition: 'right', labelWidth: 100, formRules: 'rules', gutter: 15, disabled: false, span: 24, formBtns: true,
  fields,
});

/** The BPMN XML: start (form `formId`) → 部门审批 (assignee user id, field permissions JSON) → end. */
export const oneTaskXml = (key: string, name: string, formId: number, assignee: number, perms?: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${name}" isExecutable="true" flowable:processCategory="leave">
    <startEvent id="start_event" name="开始" flowable:formKey="${formId}"/>
    <sequenceFlow id="f1" sourceRef="start_event" targetRef="review"/>
    <userTask id="review" name="部门审批" flowable:assignee="${assignee}" flowable:userType="assignee" flowable:dataType="fixed"${perms ? ` flowable:fieldPermissions="${perms.replace(/"/g, '&quot;')}"` : ''}/>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end_event"/>
    <endEvent id="end_event" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start_event"><dc:Bounds x="150" y="160" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_review" bpmnElement="review"><dc:Bounds x="260" y="138" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end_event"><dc:Bounds x="440" y="160" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><di:waypoint x="186" y="178"/><di:waypoint x="260" y="178"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e2" bpmnElement="f2"><di:waypoint x="360" y="178"/><di:waypoint x="440" y="178"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;

/**
 * Stores `form` as 表单配置 `formName`, deploys oneTaskXml(key, name, …) over REST and links the
 * form as the main form; answers `{name, formId, definitionId, deploymentId}`. Fails the test on
 * any refusal.
 */
export async function deployOneTask(request: APIRequestContext, admin: Headers, o: {
  form: unknown; formName: string; name: string; key: string; assignee: number; perms?: string;
}) {
  expect((await (await request.post('/caishui-api/flowable/form', { headers: admin, data: { formName: o.formName, formContent: JSON.stringify(o.form) } })).json()).code).toBe(200);
  const forms = await request.get(`/caishui-api/flowable/form/list?formName=${encodeURIComponent(o.formName)}`, { headers: admin });
  const formId = ((await forms.json()) as { rows: { formId: number }[] }).rows[0].formId;
  const xml = oneTaskXml(o.key, o.name, formId, o.assignee, o.perms);
  const saved = (await (await request.post('/caishui-api/flowable/definition/save', { headers: admin, data: { name: o.name, category: 'leave', xml } })).json()) as
    { code: number; data: { definitionId: string; deploymentId: string } };
  expect(saved.code).toBe(200);
  expect((await (await request.post('/caishui-api/flowable/form/addDeployForm', { headers: admin, data: { formId, deployId: saved.data.deploymentId } })).json()).code).toBe(200);
  return { name: o.name, formId, ...saved.data };
}
