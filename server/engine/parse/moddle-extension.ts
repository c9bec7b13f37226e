/**
 * Our moddle extension package (stack-notes §4 "bpmn-moddle with a flowable extension"): one
 * descriptor shape registered three times, for `flowable:` (http://flowable.org/bpmn),
 * `activiti:` (http://activiti.org/bpmn) and `camunda:` (http://camunda.org/schema/1.0/bpmn),
 * so the three dialects read alike. Attributes not described here stay in `$attrs` (moddle keeps
 * them), so designer XML round-trips.
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
        attr('text'), attr('expId'),
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
      ],
    },
    {
      name: 'FormProperty', superClass: ['Element'],
      properties: [
        attr('id'), attr('name'), attr('type'), attr('value'), attr('expression'), attr('variable'),
        attr('default'), attr('datePattern'), attr('required', 'Boolean'), attr('readable', 'Boolean'), attr('writable', 'Boolean'),
        { name: 'values', type: 'Value', isMany: true },
      ],
    },
    { name: 'Value', superClass: ['Element'], properties: [attr('id'), attr('name')] },
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

/** The namespaces we read, by prefix. */
export const EXTENSION_URIS = {
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
  camunda: 'http://camunda.org/schema/1.0/bpmn',
} as const;

export type ExtensionPrefix = keyof typeof EXTENSION_URIS;

/** `{flowable, activiti, camunda}` descriptors for `new BpmnModdle(packages)`. */
export function moddlePackages(): Record<ExtensionPrefix, ReturnType<typeof extensionDescriptor>> {
  return {
    flowable: extensionDescriptor('flowable', EXTENSION_URIS.flowable),
    activiti: extensionDescriptor('activiti', EXTENSION_URIS.activiti),
    camunda: extensionDescriptor('camunda', EXTENSION_URIS.camunda),
  };
}
