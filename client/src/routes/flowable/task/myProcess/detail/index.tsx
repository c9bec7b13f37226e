/**
 * 我的流程详情 (route flowable/task/myProcess/detail/index; workflow spec §2 "Own-started-task
 * detail"): query deployId, taskId, procInsId; the same tabs as the finished detail (表单信息
 * read-only, 流转记录, 流程图); the close button (关闭, closing the sent task) goes to
 * /task/process?t=<timestamp>, as does a failed record load (spec §8).
 */
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { closeOpenPage } from '../../../../../lib/close-page';
import { FlowDetailCard, FlowDiagramPanel, FlowRecordPanel, ProcessFormPanel } from '../../../../../features/flow-view';

export default function MyProcessDetail() {
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const procInsId = params.get('procInsId') ?? '';
  const deployId = params.get('deployId') ?? '';
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState('form');
  const back = useCallback(() => closeOpenPage(pathname, `/task/process?t=${Date.now()}`, navigate), [pathname, navigate]);
  return (
    <FlowDetailCard
      testId="myprocess-detail"
      title="发送任务"
      onClose={back}
      closeLabel="关闭"
      closeHint="关闭发送任务"
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
