/**
 * Parity cases of the workflow rows (the REST metas of the routers under modules/flowable). The parity app has no
 * deployment, so engine rows answer empty lists or the engine's refusal for a missing id (both
 * surfaces alike); library writes use refusals or idempotent edits. File rows (readImage, exports)
 * answer binary over REST, so their case is a refusal too; the files are checked in
 * flowable.test.ts.
 */
import { extras, settle, table, type ParityCase } from '../../helpers/parity';

const outcome = (e: Record<string, any>) => (e.code === 200 ? e.data ?? null : { error: e.msg });
/** ajax rows: the envelope without code (msg and data are the procedure's). */
const ajax = (e: Record<string, any>) => (e.code === 200 ? extras(e) : { error: e.msg });
const ajaxWithMsg = (e: Record<string, any>) => (e.code === 200 ? { msg: e.msg, data: e.data } : { error: e.msg });
const run = (p: Promise<unknown>) => settle(p).then((v) => v ?? null);
const none = 'nope';

export const flowableCases: Record<string, ParityCase> = {
  // definitions
  'GET /flowable/definition/list': { url: '/flowable/definition/list?pageNum=1&pageSize=10&name=请假', trpc: (c) => c.flowable.definition.list({ pageNum: 1, pageSize: 10, name: '请假' }), pick: table },
  'POST /flowable/definition/save': {
    url: '/flowable/definition/save', body: { name: '坏', xml: '<definitions/>' },
    trpc: (c) => run(c.flowable.definition.save({ name: '坏', xml: '<definitions/>' })), pick: ajaxWithMsg,
  },
  'POST /flowable/definition/import': { url: '/flowable/definition/import', body: {}, trpc: (c) => run(c.flowable.definition.import({} as never)), pick: ajaxWithMsg },
  'GET /flowable/definition/readXml/:deployId': { url: `/flowable/definition/readXml/${none}`, trpc: (c) => run(c.flowable.definition.readXml({ deployId: none })), pick: outcome },
  'GET /flowable/definition/readImage/:deployId': { url: `/flowable/definition/readImage/${none}`, trpc: (c) => run(c.flowable.definition.readImage({ deployId: none })), pick: outcome },
  'PUT /flowable/definition/updateState': { url: `/flowable/definition/updateState?state=2&deployId=${none}`, trpc: (c) => run(c.flowable.definition.updateState({ state: 2, deployId: none })), pick: outcome },
  'POST /flowable/definition/validate': {
    url: '/flowable/definition/validate', body: { xml: '<definitions/>' }, trpc: (c) => run(c.flowable.definition.validate({ xml: '<definitions/>' })), pick: outcome,
  },
  'GET /flowable/definition/serviceHandlers': { url: '/flowable/definition/serviceHandlers', trpc: (c) => c.flowable.definition.serviceHandlers(), pick: outcome },
  'POST /flowable/definition/simulate': ((xml) => ({
    url: '/flowable/definition/simulate', body: { xml, variables: { day: 3 } }, trpc: (c) => run(c.flowable.definition.simulate({ xml, variables: { day: 3 } })), pick: outcome,
  }))(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"><process id="sim" name="模拟">
    <startEvent id="s" flowable:initiator="INITIATOR"/><userTask id="a" name="审批" flowable:assignee="\${INITIATOR}"/><endEvent id="e"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="a"/><sequenceFlow id="f2" sourceRef="a" targetRef="e"/></process></definitions>`),
  'GET /flowable/definition/userList': { url: '/flowable/definition/userList?userName=ry', trpc: (c) => c.flowable.definition.userList({ userName: 'ry' }), pick: outcome },
  'GET /flowable/definition/roleList': { url: '/flowable/definition/roleList', trpc: (c) => c.flowable.definition.roleList(), pick: outcome },
  'GET /flowable/definition/expList': { url: '/flowable/definition/expList', trpc: (c) => c.flowable.definition.expList(), pick: outcome },
  'POST /flowable/definition/start/:procDefId': {
    url: `/flowable/definition/start/${none}`, body: { day: 3 },
    trpc: (c) => run(c.flowable.definition.start({ procDefId: none, variables: { day: 3 } })), pick: ajaxWithMsg,
  },
  'DELETE /flowable/definition/:deployIds': { url: `/flowable/definition/${none}`, trpc: (c) => run(c.flowable.definition.remove({ deployIds: [none] })), pick: outcome },

  // tasks
  'GET /flowable/task/todoList': { url: '/flowable/task/todoList?pageNum=1&pageSize=10', trpc: (c) => c.flowable.task.todoList({ pageNum: 1, pageSize: 10 }), pick: table },
  'GET /flowable/task/finishedList': { url: '/flowable/task/finishedList?pageNum=1&pageSize=10', trpc: (c) => c.flowable.task.finishedList({ pageNum: 1, pageSize: 10 }), pick: table },
  'GET /flowable/task/myProcess': { url: '/flowable/task/myProcess?pageNum=1&pageSize=10', trpc: (c) => c.flowable.task.myProcess({ pageNum: 1, pageSize: 10 }), pick: table },
  'GET /flowable/task/flowRecord': { url: `/flowable/task/flowRecord?procInsId=${none}`, trpc: (c) => run(c.flowable.task.flowRecord({ procInsId: none })), pick: outcome },
  'GET /flowable/task/flowXmlAndNode': { url: `/flowable/task/flowXmlAndNode?procInsId=${none}&deployId=${none}`, trpc: (c) => run(c.flowable.task.flowXmlAndNode({ procInsId: none, deployId: none })), pick: outcome },
  'GET /flowable/task/flowViewer/:procInsId/:executionId': { url: `/flowable/task/flowViewer/${none}/${none}`, trpc: (c) => run(c.flowable.task.flowViewer({ procInsId: none, executionId: none })), pick: outcome },
  'GET /flowable/task/processVariables/:taskId': { url: `/flowable/task/processVariables/${none}`, trpc: (c) => run(c.flowable.task.processVariables({ taskId: none })), pick: outcome },
  'GET /flowable/task/flowTaskForm': { url: `/flowable/task/flowTaskForm?taskId=${none}`, trpc: (c) => run(c.flowable.task.flowTaskForm({ taskId: none })), pick: outcome },
  'GET /flowable/task/flowFormData': { url: `/flowable/task/flowFormData?deployId=${none}`, trpc: (c) => run(c.flowable.task.flowFormData({ deployId: none })), pick: outcome },
  'POST /flowable/task/nextFlowNode': { url: '/flowable/task/nextFlowNode', body: { taskId: none }, trpc: (c) => run(c.flowable.task.nextFlowNode({ taskId: none })), pick: ajax },
  'POST /flowable/task/nextFlowNodeByStart': { url: '/flowable/task/nextFlowNodeByStart', body: { deploymentId: none }, trpc: (c) => run(c.flowable.task.nextFlowNodeByStart({ deploymentId: none })), pick: outcome },
  ...Object.fromEntries((['complete', 'reject', 'resolveTask', 'claim', 'unClaim'] as const).map((a) => [`POST /flowable/task/${a}`, {
    url: `/flowable/task/${a}`, body: { taskId: none, comment: '同意' },
    trpc: (c) => run(c.flowable.task[a]({ taskId: none, comment: '同意' })), pick: outcome,
  } satisfies ParityCase])),
  'POST /flowable/task/returnList': { url: '/flowable/task/returnList', body: { taskId: none }, trpc: (c) => run(c.flowable.task.returnList({ taskId: none })), pick: outcome },
  'POST /flowable/task/return': { url: '/flowable/task/return', body: { taskId: none, targetKey: 'apply' }, trpc: (c) => run(c.flowable.task.return({ taskId: none, targetKey: 'apply' })), pick: outcome },
  'POST /flowable/task/delegate': { url: '/flowable/task/delegate', body: { taskId: none, assignee: '2' }, trpc: (c) => run(c.flowable.task.delegate({ taskId: none, assignee: '2' })), pick: outcome },
  'POST /flowable/task/assignTask': { url: '/flowable/task/assignTask', body: { taskId: none, assignee: '2' }, trpc: (c) => run(c.flowable.task.assignTask({ taskId: none, assignee: '2' })), pick: outcome },
  'POST /flowable/task/revokeProcess': { url: '/flowable/task/revokeProcess', body: { instanceId: none }, trpc: (c) => run(c.flowable.task.revokeProcess({ instanceId: none })), pick: outcome },
  'POST /flowable/task/stopProcess': { url: '/flowable/task/stopProcess', body: { instanceId: none }, trpc: (c) => run(c.flowable.task.stopProcess({ instanceId: none })), pick: outcome },
  'POST /flowable/task/copy': { url: '/flowable/task/copy', body: { taskId: none, userIds: '2' }, trpc: (c) => run(c.flowable.task.copy({ taskId: none, userIds: '2' })), pick: outcome },
  'POST /flowable/task/addSign': { url: '/flowable/task/addSign', body: { taskId: none, assignee: '2' }, trpc: (c) => run(c.flowable.task.addSign({ taskId: none, assignee: '2' })), pick: outcome },
  'POST /flowable/task/removeSign': { url: '/flowable/task/removeSign', body: { taskId: none, assignee: '2' }, trpc: (c) => run(c.flowable.task.removeSign({ taskId: none, assignee: '2' })), pick: outcome },
  'GET /flowable/task/signers': { url: `/flowable/task/signers?taskId=${none}`, trpc: (c) => run(c.flowable.task.signers({ taskId: none })), pick: outcome },
  'GET /flowable/cc/list': { url: '/flowable/cc/list?pageNum=1&pageSize=10&read=0', trpc: (c) => c.flowable.cc.list({ pageNum: 1, pageSize: 10, read: '0' }), pick: table },
  'GET /flowable/cc/unread': { url: '/flowable/cc/unread', trpc: (c) => c.flowable.cc.unread(), pick: outcome },
  'PUT /flowable/cc/read/:procInsId': { url: `/flowable/cc/read/${none}`, trpc: (c) => c.flowable.cc.read({ procInsId: none }), pick: outcome },
  'DELETE /flowable/task/delete': { url: '/flowable/task/delete', body: { taskId: none }, trpc: (c) => run(c.flowable.task.delete({ taskId: none })), pick: outcome },

  // instances and the start helper
  'POST /flowable/instance/startBy/:procDefId': { url: `/flowable/instance/startBy/${none}`, body: {}, trpc: (c) => run(c.flowable.instance.startBy({ procDefId: none, variables: {} })), pick: ajaxWithMsg },
  'POST /flowable/instance/updateState': { url: `/flowable/instance/updateState?state=1&instanceId=${none}`, trpc: (c) => run(c.flowable.instance.updateState({ state: 1, instanceId: none })), pick: outcome },
  'DELETE /flowable/instance/delete/:instanceIds': { url: `/flowable/instance/delete/${none}`, trpc: (c) => run(c.flowable.instance.remove({ instanceIds: [none] })), pick: outcome },
  // messages, signals, receive tasks (nothing waits in the parity app: the engine's refusals)
  'POST /flowable/runtime/message': { url: '/flowable/runtime/message', body: { messageName: 'nobody' }, trpc: (c) => run(c.flowable.runtime.message({ messageName: 'nobody' })), pick: ajax },
  'POST /flowable/runtime/signal': { url: '/flowable/runtime/signal', body: { signalName: 'nobody' }, trpc: (c) => run(c.flowable.runtime.signal({ signalName: 'nobody' })), pick: ajax },
  'POST /flowable/runtime/trigger': { url: '/flowable/runtime/trigger', body: { instanceId: none, activityId: 'x' }, trpc: (c) => run(c.flowable.runtime.trigger({ instanceId: none, activityId: 'x' })), pick: ajax },
  'GET /flowable/process/startFlow/:deployId': { url: `/flowable/process/startFlow/${none}`, trpc: (c) => run(c.flowable.process.startFlow({ deployId: none })), pick: outcome },

  // deployments
  'GET /system/deployment/list': { url: '/system/deployment/list?pageNum=1&pageSize=10', trpc: (c) => c.system.deployment.list({ pageNum: 1, pageSize: 10 }), pick: table },
  'GET /system/deployment/export': { url: '/system/deployment/export?beginTime=bad', trpc: (c) => run(c.system.deployment.export({ beginTime: 'bad' })), pick: outcome },
  'GET /system/deployment/:deploymentId': { url: `/system/deployment/${none}`, trpc: (c) => run(c.system.deployment.get({ deploymentId: none })), pick: outcome },
  'POST /system/deployment': { url: '/system/deployment', body: { name: '坏', xml: '<x/>' }, trpc: (c) => run(c.system.deployment.add({ name: '坏', xml: '<x/>' })), pick: ajaxWithMsg },
  'PUT /system/deployment': { url: '/system/deployment', body: { deploymentId: none, name: 'x' }, trpc: (c) => run(c.system.deployment.update({ deploymentId: none, name: 'x' })), pick: outcome },
  'DELETE /system/deployment/:ids': { url: `/system/deployment/${none}`, trpc: (c) => run(c.system.deployment.remove({ ids: [none] })), pick: outcome },

  // expression library
  'GET /flowable/expression/list': { url: '/flowable/expression/list?pageNum=1&pageSize=10&name=流程', trpc: (c) => c.flowable.expression.list({ pageNum: 1, pageSize: 10, name: '流程' }), pick: table },
  'POST /flowable/expression/export': { url: '/flowable/expression/export', body: { status: '9' }, trpc: (c) => run(c.flowable.expression.export({ status: '9' as '0' })), pick: outcome },
  'GET /flowable/expression/:id': { url: '/flowable/expression/1', trpc: (c) => c.flowable.expression.get({ id: 1 }), pick: outcome },
  'POST /flowable/expression': { url: '/flowable/expression', body: { name: '缺类型', expression: '${x}' }, trpc: (c) => run(c.flowable.expression.add({ name: '缺类型', expression: '${x}' } as never)), pick: outcome },
  'PUT /flowable/expression': {
    url: '/flowable/expression', body: { id: 1, name: '流程发起人', expression: '${INITIATOR}', dataType: 'fixed' },
    trpc: (c) => run(c.flowable.expression.update({ id: 1, name: '流程发起人', expression: '${INITIATOR}', dataType: 'fixed' })), pick: outcome,
  },
  'DELETE /flowable/expression/:ids': { url: '/flowable/expression/999', trpc: (c) => run(c.flowable.expression.remove({ ids: [999] })), pick: outcome },

  // listener library
  'GET /flowable/listener/list': { url: '/flowable/listener/list?type=1', trpc: (c) => c.flowable.listener.list({ type: '1' }), pick: table },
  'POST /flowable/listener/export': { url: '/flowable/listener/export', body: { type: '9' }, trpc: (c) => run(c.flowable.listener.export({ type: '9' as '1' })), pick: outcome },
  'GET /flowable/listener/:id': { url: '/flowable/listener/1', trpc: (c) => c.flowable.listener.get({ id: 1 }), pick: outcome },
  'POST /flowable/listener': {
    url: '/flowable/listener', body: { name: 'x', type: '1', eventType: 'start', valueType: 'classListener', value: 'a.B' },
    trpc: (c) => run(c.flowable.listener.add({ name: 'x', type: '1', eventType: 'start', valueType: 'classListener', value: 'a.B' })), pick: outcome,
  },
  'PUT /flowable/listener': {
    url: '/flowable/listener', body: { id: 999, name: 'x', type: '1', eventType: 'create', valueType: 'classListener', value: 'a.B' },
    trpc: (c) => run(c.flowable.listener.update({ id: 999, name: 'x', type: '1', eventType: 'create', valueType: 'classListener', value: 'a.B' })), pick: outcome,
  },
  'DELETE /flowable/listener/:ids': { url: '/flowable/listener/999', trpc: (c) => run(c.flowable.listener.remove({ ids: [999] })), pick: outcome },

  // forms
  'GET /flowable/form/list': { url: '/flowable/form/list?pageNum=1&pageSize=10', trpc: (c) => c.flowable.form.list({ pageNum: 1, pageSize: 10 }), pick: table },
  'GET /flowable/form/formList': { url: '/flowable/form/formList', trpc: (c) => c.flowable.form.formList(), pick: outcome },
  'GET /flowable/form/export': { url: '/flowable/form/export?beginTime=bad', trpc: (c) => run(c.flowable.form.export({ beginTime: 'bad' })), pick: outcome },
  'POST /flowable/form/addDeployForm': { url: '/flowable/form/addDeployForm', body: { formId: 999, deployId: none }, trpc: (c) => run(c.flowable.form.addDeployForm({ formId: 999, deployId: none })), pick: outcome },
  'GET /flowable/form/:formId': { url: '/flowable/form/999', trpc: (c) => c.flowable.form.get({ formId: 999 }), pick: outcome },
  'POST /flowable/form': { url: '/flowable/form', body: { formName: '' }, trpc: (c) => run(c.flowable.form.add({ formName: '' })), pick: outcome },
  'PUT /flowable/form': { url: '/flowable/form', body: { formId: 999, formName: 'x' }, trpc: (c) => run(c.flowable.form.update({ formId: 999, formName: 'x' })), pick: outcome },
  'DELETE /flowable/form/:formIds': { url: '/flowable/form/999', trpc: (c) => run(c.flowable.form.remove({ formIds: [999] })), pick: outcome },
};
