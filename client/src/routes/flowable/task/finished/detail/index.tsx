/**
 * 已办详情 (route flowable/task/finished/detail/index; workflow spec §2 "Finished-task detail",
 * §8): query deployId, taskId, procInsId; tabs 表单信息 (shown once `task.processVariables` has
 * loaded: the start form read-only), 流转记录, 流程图; 关闭 and a failed record load go to
 * /task/finished?t=<timestamp>.
 */
import { ProcessDetailPage } from '../../../../../features/flow-view/ProcessDetailPage';

/** 已办详情 page. */
export default function FinishedDetail() {
  return <ProcessDetailPage testId="finished-detail" title="已办任务" backPath="/task/finished" />;
}
