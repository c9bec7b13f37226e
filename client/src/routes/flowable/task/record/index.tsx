/**
 * 流程记录 (route flowable/task/record/index; workflow spec §2 "Workflow record page"): query
 * deployId, taskId, procInsId; tabs 流转记录 (timeline: handler, dept, candidates, times,
 * duration, comment, done/pending icon), 流程变量 (the process variables by the start form's
 * labels), 流程图 (tab 3, loaded when opened). 关闭 closes the tab.
 */
import { closePage } from '../../../../lib/close-page';
import { FlowDetailCard, FlowDiagramPanel, FlowRecordPanel, VariablesPanel } from '../../../../features/flow-view';
import { useFlowPage } from '../../../../features/flow-view/useFlowPage';

/** 流程记录 page. */
export default function FlowRecordPage() {
  const { taskId, procInsId, deployId, pathname, navigate, tab, setTab } = useFlowPage('record');
  return (
    <FlowDetailCard
      testId="flow-record-page"
      title="流程记录"
      onClose={() => closePage(pathname, navigate)}
      tab={tab}
      onTab={setTab}
      tabs={[
        { value: 'record', label: '流转记录', content: <FlowRecordPanel procInsId={procInsId} deployId={deployId} /> },
        { value: 'variables', label: '流程变量', content: <VariablesPanel taskId={taskId} /> },
        { value: 'diagram', label: '流程图', content: <FlowDiagramPanel procInsId={procInsId} deployId={deployId} /> },
      ]}
    />
  );
}
