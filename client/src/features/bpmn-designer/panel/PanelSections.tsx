/**
 * Which sections each element type gets (workflow spec §2 "Property panels by element type"):
 * 常规, 流转条件, 任务, 多实例, 执行监听器, 任务监听器, 扩展属性/表单, 输入输出, 其他.
 */
import type { PanelTarget } from './usePanelTarget';
import { Section } from './Section';
import { GeneralFields } from './GeneralSection';
import { CategoryRow, SignalsAndResources } from './ProcessSection';
import { ListenerSection } from './ListenerSection';
import { AssignmentSection } from './AssignmentSection';
import { MultiInstanceSection } from './MultiInstanceSection';
import { AsyncRows, FormKeyRow, TypeFields, UserTaskAttrs } from './TaskSection';
import { ConditionRows, DefaultFlowRow } from './FlowSections';
import { ExtensionRows, InputOutputRows } from './ExtensionSections';
import { isEventKind, isGatewayKind, isTaskKind } from './kind';

export function PanelSections({ target }: { target: PanelTarget }) {
  const k = target.kind;
  const task = isTaskKind(k);
  const hasTypeFields = ['serviceTask', 'sendTask', 'businessRuleTask', 'scriptTask'].includes(k);
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
      {task && (
        <Section title="任务" testId="panel-section-task">
          {k === 'userTask' && <AssignmentSection target={target} />}
          {k === 'userTask' && <FormKeyRow target={target} />}
          {hasTypeFields && <TypeFields target={target} />}
          <AsyncRows target={target} />
          {k === 'userTask' && <UserTaskAttrs target={target} />}
        </Section>
      )}
      {task && (
        <Section title="多实例" testId="panel-section-multi-instance">
          <MultiInstanceSection target={target} />
        </Section>
      )}
      {(k === 'process' || task || isEventKind(k) || isGatewayKind(k) || k === 'sequenceFlow') && (
        <Section title="执行监听器" testId="panel-section-execution-listener">
          <ListenerSection target={target} kind="execution" />
        </Section>
      )}
      {k === 'userTask' && (
        <Section title="任务监听器" testId="panel-section-task-listener">
          <ListenerSection target={target} kind="task" />
        </Section>
      )}
      {(task || k === 'startEvent' || k === 'process') && (
        <Section title={k === 'userTask' || k === 'startEvent' ? '扩展属性/表单' : '扩展属性'} defaultOpen={false} testId="panel-section-extension">
          <ExtensionRows target={target} formFields={k === 'userTask' || k === 'startEvent'} />
        </Section>
      )}
      {task && (
        <Section title="输入输出" defaultOpen={false} testId="panel-section-io">
          <InputOutputRows target={target} />
        </Section>
      )}
      {k === 'process' && (
        <Section title="其他" testId="panel-section-other">
          <SignalsAndResources target={target} />
        </Section>
      )}
    </>
  );
}
