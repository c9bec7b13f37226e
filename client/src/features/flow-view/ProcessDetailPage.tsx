/**
 * The read-only process detail of 已办详情 and 我的流程详情 (workflow spec §2, §8): tabs 表单信息
 * (the start form read-only), 流转记录, 流程图; closing, and a failed record load, go to
 * `<backPath>?t=<timestamp>`.
 */
import { useCallback } from 'react';
import { closeOpenPage } from '../../lib/close-page';
import { FlowDetailCard, FlowDiagramPanel, FlowRecordPanel } from './panels';
import { useFlowPage } from './useFlowPage';
import { ProcessFormPanel } from './variables-panels';

/** Read-only detail card of a process instance opened from a task list. */
export function ProcessDetailPage({ testId, title, backPath, closeLabel, closeHint }: {
  testId: string;
  title: string;
  /** The list page opened on close (e.g. /task/finished). */
  backPath: string;
  closeLabel?: string;
  closeHint?: string;
}) {
  const { taskId, procInsId, deployId, pathname, navigate, tab, setTab } = useFlowPage('form');
  const back = useCallback(() => closeOpenPage(pathname, `${backPath}?t=${Date.now()}`, navigate), [pathname, backPath, navigate]);
  return (
    <FlowDetailCard
      testId={testId}
      title={title}
      onClose={back}
      closeLabel={closeLabel}
      closeHint={closeHint}
      tab={tab}
      onTab={setTab}
      tabs={[
        { value: 'form', label: '表单信息', content: <ProcessFormPanel taskId={taskId} /> },
        { value: 'record', label: '流转记录', content: <FlowRecordPanel procInsId={procInsId} deployId={deployId} onError={back} /> },
        { value: 'diagram', label: '流程图', content: <FlowDiagramPanel procInsId={procInsId} deployId={deployId} /> },
      ]}
    />
  );
}
