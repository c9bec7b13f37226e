/**
 * Our moddle extension package, shared by the engine (server/engine/parse) and the designer (stack-notes §4 "bpmn-moddle with a flowable extension"): one
 * descriptor for `flowable:` (http://flowable.org/bpmn). The `activiti:` (http://activiti.org/bpmn)
 * and `camunda:` (http://camunda.org/schema/1.0/bpmn) namespaces are read through the same
 * descriptor (parse-xml.ts aliases their URIs before parsing: moddle refuses two packages that
 * extend one BPMN type with the same property names), so the three dialects read alike.
 * Attributes not described here stay in `$attrs` (moddle keeps them); the original XML is stored
 * unchanged with the definition, so designer XML round-trips.
 */
type Prop = { name: string; type: string; isAttr?: boolean; isMany?: boolean; isBody?: boolean };
type TypeDesc = { name: string; extends?: string[]; superClass?: string[]; isAbstract?: boolean; properties: Prop[] };

const attr = (name: string, type = 'String'): Prop => ({ name, type, isAttr: true });

/** Attributes every dialect shares, per BPMN element they extend. */
function types(): TypeDesc[] {
  return [
    {
      name: 'ProcessExt', extends: ['bpmn:Process'], isAbstract: true,
      properties: [attr('processCategory'), attr('candidateStarterGroups'), attr('candidateStarterUsers'), attr('versionTag')],
    },
    { name: 'StartEventExt', extends: ['bpmn:StartEvent'], isAbstract: true, properties: [attr('initiator'), attr('formKey')] },
    {
      name: 'UserTaskExt', extends: ['bpmn:UserTask'], isAbstract: true,
      properties: [
        attr('assignee'), attr('candidateUsers'), attr('candidateGroups'), attr('dataType'), attr('userType'),
        attr('formKey'), attr('priority'), attr('dueDate'), attr('skipExpression'), attr('category'),
        attr('text'), attr('expId'), attr('followUpDate'),
        // 抄送 (issue 16): comma-separated sys user ids / role ids with their display names (same
        // order, display only), and a JUEL expression yielding user ids; e.g. flowable:ccUsers="1,2".
        attr('ccUsers'), attr('ccUserNames'), attr('ccGroups'), attr('ccGroupNames'), attr('ccExpression'),
        // 表单权限 (issue 16): start-form field permissions at this node, compact JSON of the
        // non-default entries, e.g. flowable:fieldPermissions='{"day":"editable","items.amount":"hidden"}'
        // (shared/form/permissions.ts; read by server/modules/flowable/common/field-permissions.ts).
        attr('fieldPermissions'),
      ],
    },
    { name: 'AsyncExt', extends: ['bpmn:Activity'], isAbstract: true, properties: [attr('async', 'Boolean'), attr('exclusive', 'Boolean')] },
    { name: 'FlowExt', extends: ['bpmn:SequenceFlow'], isAbstract: true, properties: [attr('skipExpression')] },
    {
      name: 'MultiInstanceExt', extends: ['bpmn:MultiInstanceLoopCharacteristics'], isAbstract: true,
      properties: [attr('collection'), attr('elementVariable'), attr('elementIndexVariable')],
    },
    {
      name: 'TaskListener', superClass: ['Element'],
      properties: [
        attr('event'), attr('class'), attr('expression'), attr('delegateExpression'),
        { name: 'fields', type: 'Field', isMany: true },
      ],
    },
    {
      name: 'ExecutionListener', superClass: ['Element'],
      properties: [
        attr('event'), attr('class'), attr('expression'), attr('delegateExpression'),
        { name: 'fields', type: 'Field', isMany: true },
      ],
    },
    {
      name: 'Field', superClass: ['Element'],
      properties: [
        attr('name'), attr('stringValue'), attr('expression'),
        { name: 'string', type: 'String' },
        { name: 'expressionChild', type: 'Expression' },
      ],
    },
    { name: 'Expression', superClass: ['Element'], properties: [{ name: 'body', type: 'String', isBody: true }] },
    {
      name: 'FormProperty', superClass: ['Element'],
      properties: [
        attr('id'), attr('name'), attr('type'), attr('value'), attr('expression'), attr('variable'),
        attr('default'), attr('datePattern'), attr('required', 'Boolean'), attr('readable', 'Boolean'), attr('writable', 'Boolean'),
        { name: 'values', type: 'Value', isMany: true },
      ],
    },
    // Form property values (id, name) and a data object's value as body text (issue 39 item 10).
    { name: 'Value', superClass: ['Element'], properties: [attr('id'), attr('name'), { name: 'text', type: 'String', isBody: true }] },
    ...designerTypes(),
  ];
}

/**
 * What the designer's property panel writes besides the engine's vocabulary (workflow spec §3
 * "Flow node properties", "Signal"; client/src/features/bpmn-designer/panel). The engine refuses
 * the elements these belong to (service, script, send, business-rule tasks) or ignores them.
 * - `<bpmn:signal flowable:scope>`; `isForCompensation` is standard BPMN.
 * - service / send task: class, expression, delegateExpression, resultVariable, triggerable, type;
 *   business-rule task: ruleVariablesInput, rules, resultVariable, exclude, class;
 *   script task: resultVariable, autoStoreVariables.
 * - extension elements: `<flowable:properties><flowable:property name value/>`,
 *   `<flowable:inputOutput>` with `<flowable:inputParameter name>` / `<flowable:outputParameter
 *   name>` (value as body), and the process resource list `<flowable:resource>name</flowable:resource>`.
 */
function designerTypes(): TypeDesc[] {
  return [
    { name: 'SignalExt', extends: ['bpmn:Signal'], isAbstract: true, properties: [attr('scope')] },
    {
      name: 'ServiceTaskExt', extends: ['bpmn:ServiceTask', 'bpmn:SendTask'], isAbstract: true,
      properties: [attr('class'), attr('expression'), attr('delegateExpression'), attr('resultVariable'), attr('triggerable', 'Boolean'), attr('type')],
    },
    {
      name: 'BusinessRuleTaskExt', extends: ['bpmn:BusinessRuleTask'], isAbstract: true,
      properties: [attr('ruleVariablesInput'), attr('rules'), attr('resultVariable'), attr('exclude', 'Boolean'), attr('class')],
    },
    { name: 'ScriptTaskExt', extends: ['bpmn:ScriptTask'], isAbstract: true, properties: [attr('resultVariable'), attr('autoStoreVariables', 'Boolean')] },
    { name: 'Properties', superClass: ['Element'], properties: [{ name: 'values', type: 'Property', isMany: true }] },
    { name: 'Property', superClass: ['Element'], properties: [attr('id'), attr('name'), attr('value')] },
    {
      name: 'InputOutput', superClass: ['Element'],
      properties: [{ name: 'inputParameters', type: 'InputParameter', isMany: true }, { name: 'outputParameters', type: 'OutputParameter', isMany: true }],
    },
    { name: 'InputParameter', superClass: ['Element'], properties: [attr('name'), { name: 'value', type: 'String', isBody: true }] },
    { name: 'OutputParameter', superClass: ['Element'], properties: [attr('name'), { name: 'value', type: 'String', isBody: true }] },
    { name: 'Resource', superClass: ['Element'], properties: [{ name: 'value', type: 'String', isBody: true }] },
    // Call activity (engine: server/engine/model/nodes.ts): binding, version, variable mappings, business key.
    {
      name: 'CallActivityExt', extends: ['bpmn:CallActivity'], isAbstract: true,
      properties: [attr('calledElementBinding'), attr('calledElementVersion'), attr('inheritVariables', 'Boolean'), attr('businessKey'), attr('inheritBusinessKey', 'Boolean')],
    },
    { name: 'In', superClass: ['Element'], properties: [attr('source'), attr('sourceExpression'), attr('target'), attr('variables')] },
    { name: 'Out', superClass: ['Element'], properties: [attr('source'), attr('sourceExpression'), attr('target'), attr('variables')] },
  ];
}

/** The descriptor for one prefix/uri pair. */
export function extensionDescriptor(prefix: string, uri: string) {
  return {
    name: prefix[0].toUpperCase() + prefix.slice(1),
    prefix,
    uri,
    xml: { tagAlias: 'lowerCase' },
    associations: [],
    enumerations: [],
    types: types(),
  };
}

/** The namespaces we read as one dialect. */
export const FLOWABLE_URI = 'http://flowable.org/bpmn';
export const ALIASED_URIS = ['http://activiti.org/bpmn', 'http://camunda.org/schema/1.0/bpmn'] as const;

/** `{flowable}` descriptor for `new BpmnModdle(packages)`. */
export function moddlePackages() {
  return { flowable: extensionDescriptor('flowable', FLOWABLE_URI) };
}
