/**
 * 我的流程详情 (route flowable/task/myProcess/detail/index; workflow spec §2 "Own-started-task
 * detail"): query deployId, taskId, procInsId; the same tabs as the finished detail (表单信息
 * read-only, 流转记录, 流程图); the close button (关闭, closing the sent task) goes to
 * /task/process?t=<timestamp>, as does a failed record load (spec §8).
 */
import { ProcessDetailPage } from '../../../../../features/flow-view/ProcessDetailPage';

/** 我的流程详情 page. */
export default function MyProcessDetail() {
  return <ProcessDetailPage testId="myprocess-detail" title="发送任务" backPath="/task/process" closeLabel="关闭" closeHint="关闭发送任务" />;
}
