/**
 * 已办详情 (route flowable/task/finished/detail/index; workflow spec §2 "Finished-task detail",
 * §8): query deployId, taskId, procInsId; tabs 表单信息 (shown once `task.processVariables` has
 * loaded: the start form read-only), 流转记录, 流程图; 关闭 and a failed record load go to
 * /task/finished?t=<timestamp>.
 */
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { closeOpenPage } from '../../../../../lib/close-page';
import { FlowDetailCard, FlowDiagramPanel, FlowRecordPanel, ProcessFormPanel } from '../../../../../features/flow-view';

export default function FinishedDetail() {
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const procInsId = params.get('procInsId') ?? '';
  const deployId = params.get('deployId') ?? '';
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState('form');
  const back = useCallback(() => closeOpenPage(pathname, `/task/finished?t=${Date.now()}`, navigate), [pathname, navigate]);
  return (
    <FlowDetailCard
      testId="finished-detail"
      title="已办任务"
      onClose={back}
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
