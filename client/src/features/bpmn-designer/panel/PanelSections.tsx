/**
 * Which sections each element type gets (workflow spec §2 "Property panels by element type"):
 * 常规, 流转条件, 表单, 事件定义, 服务, 调用, 任务 and 抄送 (user tasks), 多实例 (user tasks only: the
 * engine runs no other loop), 执行监听器, 任务监听器, 其他. Only what server/engine/model reads is
 * offered (issue 13): no 异步 / 用于补偿 (the engine runs synchronously, has no compensation), no
 * form properties, extension properties, input/output or resource list (read by nothing).
 */
import type { PanelTarget } from './usePanelTarget';
import { Section } from './Section';
import { GeneralFields } from './GeneralSection';
import { CategoryRow, SignalsRow } from './ProcessSection';
import { ListenerSection } from './ListenerSection';
import { AssignmentSection } from './AssignmentSection';
import { CcSection } from './CcSection';
import { FieldPermissionSection } from './FieldPermissionSection';
import { MultiInstanceSection } from './MultiInstanceSection';
import { FormKeyRow, TypeFields, UserTaskAttrs } from './TaskSection';
import { ConditionRows, DefaultFlowRow } from './FlowSections';
import { isEventKind, isGatewayKind, isTaskKind } from './kind';
import { EventDefinitionRows } from './EventSection';
import { CallActivityRows, ServiceRows } from './ActivitySections';

export function PanelSections({ target }: { target: PanelTarget }) {
  const k = target.kind;
  const task = isTaskKind(k);
  const hasEventDefinition = isEventKind(k) && (k !== 'startEvent' && k !== 'endEvent' && k !== 'throwEvent'
    || ((target.bo.get('eventDefinitions') as unknown[] | undefined) ?? []).length > 0 || target.bo.$parent?.get('triggeredByEvent') === true);
  return (
    <>
      <Section title="常规" testId="panel-section-general">
        <GeneralFields target={target} nameRequired={k !== 'process' && k !== 'sequenceFlow' && k !== 'other'} />
        {k === 'process' && <CategoryRow target={target} />}
        {(k === 'exclusiveGateway' || k === 'inclusiveGateway') && <DefaultFlowRow target={target} />}
      </Section>
      {k === 'sequenceFlow' && (
        <Section title="流转条件" testId="panel-section-condition">
          <ConditionRows target={target} />
        </Section>
      )}
      {k === 'startEvent' && (
        <Section title="表单" testId="panel-section-start">
          <TypeFields target={target} />
          <FormKeyRow target={target} />
        </Section>
      )}
      {hasEventDefinition && (
        <Section title="事件定义" testId="panel-section-event">
          <EventDefinitionRows target={target} />
        </Section>
      )}
      {k === 'serviceTask' && (
        <Section title="服务" testId="panel-section-service">
          <ServiceRows target={target} />
        </Section>
      )}
      {k === 'callActivity' && (
        <Section title="调用" testId="panel-section-call">
          <CallActivityRows target={target} />
        </Section>
      )}
      {k === 'userTask' && (
        <Section title="任务" testId="panel-section-task">
          <AssignmentSection target={target} />
          <FormKeyRow target={target} />
          <UserTaskAttrs target={target} />
        </Section>
      )}
      {k === 'userTask' && (
        <Section title="抄送" testId="panel-section-cc">
          <CcSection target={target} />
        </Section>
      )}
      {k === 'userTask' && <FieldPermissionSection target={target} />}
      {k === 'userTask' && (
        <Section title="多实例" testId="panel-section-multi-instance">
          <MultiInstanceSection target={target} />
        </Section>
      )}
      {(k === 'process' || task || isEventKind(k) || isGatewayKind(k) || k === 'sequenceFlow' || k === 'subProcess' || k === 'callActivity') && (
        <Section title="执行监听器" testId="panel-section-execution-listener">
          <ListenerSection target={target} kind="execution" />
        </Section>
      )}
      {k === 'userTask' && (
        <Section title="任务监听器" testId="panel-section-task-listener">
          <ListenerSection target={target} kind="task" />
        </Section>
      )}
      {k === 'process' && (
        <Section title="其他" testId="panel-section-other">
          <SignalsRow target={target} />
        </Section>
      )}
    </>
  );
}
