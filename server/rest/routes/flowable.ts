/**
 * REST rows of the workflow (workflow spec §7; api-contract "Workflow"; reference §2 Workflow):
 * definitions, tasks, instances, the start helper, deployments and the expression / listener /
 * form libraries (`/system/expression`, `/system/listener` are aliases of the `/flowable/…` rows).
 */
import { idList, type HttpMethod, type RestRoute } from '../table';

const m = (method: HttpMethod, path: string) => ({ method, path });
const text = (s: unknown) => String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
/** `{procDefId, ...variables}` (path + JSON body) → `{procDefId, variables}`. */
const startInput = ({ procDefId, ...variables }: Record<string, unknown>) => ({ procDefId, variables });

/** The library rows under `/flowable/<name>` with `/system/<name>` aliases. */
function libraryRows(name: 'expression' | 'listener'): RestRoute[] {
  const base = `/flowable/${name}`, alias = `/system/${name}`, proc = `flowable.${name}`;
  return [
    { method: 'GET', path: `${base}/list`, procedure: `${proc}.list`, input: ['query'], envelope: 'table', aliases: [m('GET', `${alias}/list`)] },
    { method: 'POST', path: `${base}/export`, procedure: `${proc}.export`, input: ['query', 'body'], envelope: 'file', aliases: [m('POST', `${alias}/export`), m('GET', `${base}/export`), m('GET', `${alias}/export`)] },
    { method: 'GET', path: `${base}/:id`, procedure: `${proc}.get`, input: ['params'], envelope: 'data', aliases: [m('GET', `${alias}/:id`)] },
    { method: 'POST', path: base, procedure: `${proc}.add`, input: ['body'], envelope: 'data', aliases: [m('POST', alias)] },
    { method: 'PUT', path: base, procedure: `${proc}.update`, input: ['body'], envelope: 'data', aliases: [m('PUT', alias), m('POST', `${base}/update`), m('POST', `${alias}/update`)] },
    { method: 'DELETE', path: `${base}/:ids`, procedure: `${proc}.remove`, input: ['params'], mapInput: (r) => ({ ids: idList(r.ids) }), envelope: 'data', aliases: [m('DELETE', `${alias}/:ids`), m('POST', `${base}/delete/:ids`)] },
  ];
}

const T = '/flowable/task';
const task = (name: string, method: HttpMethod, envelope: RestRoute['envelope'] = 'data', input: RestRoute['input'] = method === 'GET' ? ['query'] : ['query', 'body']): RestRoute =>
  ({ method, path: `${T}/${name}`, procedure: `flowable.task.${name}`, input, envelope });

export const flowableRoutes: RestRoute[] = [
  // definitions
  // The four workflow lists answer rows/total and RuoYi-flowable's data page (issue 41 §1).
  { method: 'GET', path: '/flowable/definition/list', procedure: 'flowable.definition.list', input: ['query'], envelope: 'page' },
  { method: 'POST', path: '/flowable/definition/save', procedure: 'flowable.definition.save', input: ['query', 'body'], envelope: 'ajax' },
  { method: 'POST', path: '/flowable/definition/validate', procedure: 'flowable.definition.validate', input: ['body'], envelope: 'data' },
  { method: 'GET', path: '/flowable/definition/serviceHandlers', procedure: 'flowable.definition.serviceHandlers', envelope: 'data' },
  { method: 'POST', path: '/flowable/definition/simulate', procedure: 'flowable.definition.simulate', input: ['body'], envelope: 'data' },
  { method: 'POST', path: '/flowable/definition/import', procedure: 'flowable.definition.import', input: ['query', 'multipart'], envelope: 'ajax' },
  { method: 'GET', path: '/flowable/definition/readXml/:deployId', procedure: 'flowable.definition.readXml', input: ['params'], envelope: 'data' },
  { method: 'GET', path: '/flowable/definition/readImage/:deployId', procedure: 'flowable.definition.readImage', input: ['params'], envelope: 'file' },
  { method: 'PUT', path: '/flowable/definition/updateState', procedure: 'flowable.definition.updateState', input: ['query', 'body'], envelope: 'data', aliases: [m('POST', '/flowable/definition/updateState')] },
  { method: 'GET', path: '/flowable/definition/userList', procedure: 'flowable.definition.userList', input: ['query'], envelope: 'data' },
  { method: 'GET', path: '/flowable/definition/roleList', procedure: 'flowable.definition.roleList', envelope: 'data' },
  { method: 'GET', path: '/flowable/definition/expList', procedure: 'flowable.definition.expList', envelope: 'data' },
  { method: 'POST', path: '/flowable/definition/start/:procDefId', procedure: 'flowable.definition.start', input: ['body', 'params'], mapInput: startInput, envelope: 'ajax' },
  { method: 'DELETE', path: '/flowable/definition/:deployIds', procedure: 'flowable.definition.remove', input: ['params'], mapInput: (r) => ({ deployIds: text(r.deployIds) }), envelope: 'data' },

  // tasks
  task('todoList', 'GET', 'page'),
  task('finishedList', 'GET', 'page'),
  task('myProcess', 'GET', 'page'),
  task('flowRecord', 'GET'),
  task('flowXmlAndNode', 'GET'),
  { method: 'GET', path: `${T}/flowViewer/:procInsId/:executionId`, procedure: 'flowable.task.flowViewer', input: ['params'], envelope: 'data' },
  { method: 'GET', path: `${T}/processVariables/:taskId`, procedure: 'flowable.task.processVariables', input: ['params'], envelope: 'data' },
  task('flowTaskForm', 'GET'),
  task('flowFormData', 'GET'),
  task('nextFlowNode', 'POST', 'ajax'),
  task('nextFlowNodeByStart', 'POST'),
  task('complete', 'POST'),
  task('reject', 'POST'),
  task('returnList', 'POST'),
  task('return', 'POST'),
  { ...task('delegate', 'POST'), aliases: [m('POST', `${T}/delegateTask`)] },
  task('resolveTask', 'POST'),
  task('claim', 'POST'),
  task('unClaim', 'POST'),
  task('assignTask', 'POST'),
  task('revokeProcess', 'POST'),
  task('stopProcess', 'POST'),
  task('copy', 'POST'),
  task('addSign', 'POST'),
  task('removeSign', 'POST'),
  task('signers', 'GET'),
  // 抄送我的 (issue 16)
  { method: 'GET', path: '/flowable/cc/list', procedure: 'flowable.cc.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: '/flowable/cc/unread', procedure: 'flowable.cc.unread', envelope: 'data' },
  { method: 'PUT', path: '/flowable/cc/read/:procInsId', procedure: 'flowable.cc.read', input: ['params'], envelope: 'data', aliases: [m('POST', '/flowable/cc/read/:procInsId')] },
  { method: 'DELETE', path: `${T}/delete`, procedure: 'flowable.task.delete', input: ['query', 'body'], envelope: 'data' },

  // instances
  { method: 'POST', path: '/flowable/instance/startBy/:procDefId', procedure: 'flowable.instance.startBy', input: ['body', 'params'], mapInput: startInput, envelope: 'ajax' },
  { method: 'POST', path: '/flowable/instance/updateState', procedure: 'flowable.instance.updateState', input: ['query', 'body'], envelope: 'data' },
  { method: 'DELETE', path: '/flowable/instance/delete/:instanceIds', procedure: 'flowable.instance.remove', input: ['query', 'params'], mapInput: (r) => ({ ...r, instanceIds: text(r.instanceIds) }), envelope: 'data' },
  // messages, signals, receive tasks (issue 13)
  { method: 'POST', path: '/flowable/runtime/message', procedure: 'flowable.runtime.message', input: ['body'], envelope: 'ajax' },
  { method: 'POST', path: '/flowable/runtime/signal', procedure: 'flowable.runtime.signal', input: ['body'], envelope: 'ajax' },
  { method: 'POST', path: '/flowable/runtime/trigger', procedure: 'flowable.runtime.trigger', input: ['body'], envelope: 'ajax' },

  // start helper
  { method: 'GET', path: '/flowable/process/startFlow/:deployId', procedure: 'flowable.process.startFlow', input: ['params'], envelope: 'data' },

  // deployments
  { method: 'GET', path: '/system/deployment/list', procedure: 'system.deployment.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: '/system/deployment/export', procedure: 'system.deployment.export', input: ['query'], envelope: 'file', aliases: [m('POST', '/system/deployment/export')] },
  { method: 'GET', path: '/system/deployment/:deploymentId', procedure: 'system.deployment.get', input: ['params'], envelope: 'data' },
  { method: 'POST', path: '/system/deployment', procedure: 'system.deployment.add', input: ['body'], envelope: 'data' },
  { method: 'PUT', path: '/system/deployment', procedure: 'system.deployment.update', input: ['body'], envelope: 'data', aliases: [m('POST', '/system/deployment/update')] },
  { method: 'DELETE', path: '/system/deployment/:ids', procedure: 'system.deployment.remove', input: ['params'], mapInput: (r) => ({ ids: text(r.ids) }), envelope: 'data' },

  // libraries
  ...libraryRows('expression'),
  ...libraryRows('listener'),
  { method: 'GET', path: '/flowable/form/list', procedure: 'flowable.form.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: '/flowable/form/formList', procedure: 'flowable.form.formList', envelope: 'data' },
  { method: 'GET', path: '/flowable/form/export', procedure: 'flowable.form.export', input: ['query'], envelope: 'file' },
  { method: 'POST', path: '/flowable/form/addDeployForm', procedure: 'flowable.form.addDeployForm', input: ['body'], envelope: 'data' },
  { method: 'GET', path: '/flowable/form/:formId', procedure: 'flowable.form.get', input: ['params'], envelope: 'data' },
  { method: 'POST', path: '/flowable/form', procedure: 'flowable.form.add', input: ['body'], envelope: 'data' },
  { method: 'PUT', path: '/flowable/form', procedure: 'flowable.form.update', input: ['body'], envelope: 'data', aliases: [m('POST', '/flowable/form/update')] },
  { method: 'DELETE', path: '/flowable/form/:formIds', procedure: 'flowable.form.remove', input: ['params'], mapInput: (r) => ({ formIds: idList(r.formIds) }), envelope: 'data' },
];
