/**
 * 任务详细 dialog (RuoYi monitor/job/index.vue openView, 700px): the job as `monitor.job.get`
 * answers it, with 下次执行时间 (nextValidTime).
 */
import { Spinner } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CONCURRENT_LABELS, JOB_STATUS_LABELS } from '../../../../../shared/schemas/job';
import { selectDictLabel, type DictOption } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DetailGrid, DetailItem } from '../../../components/DetailGrid';
import { AppDialog } from '../../../components/feedback/AppDialog';
import { MISFIRE_TEXT } from './job-utils';

export function JobDetailDialog({ jobId, onClose, groups, statuses }: {
  /** null: closed. */
  jobId: number | null;
  onClose: () => void;
  groups: DictOption[];
  statuses: DictOption[];
}) {
  const trpc = useTRPC();
  const job = useQuery({ ...trpc.monitor.job.get.queryOptions({ jobId: jobId ?? 0 }), enabled: jobId !== null });
  const form = job.data;
  return (
    <AppDialog open={jobId !== null} onClose={onClose} title="任务详细" width="700px" testId="job-detail-dialog">
      {job.isPending || !form ? (
        <Spinner color="brand.solid" />
      ) : (
        <DetailGrid>
          <DetailItem labelWidth="100px" label="任务序号">{form.jobId}</DetailItem>
          <DetailItem labelWidth="100px" label="任务分组">{selectDictLabel(groups, form.jobGroup)}</DetailItem>
          <DetailItem labelWidth="100px" label="任务名称">{form.jobName}</DetailItem>
          <DetailItem labelWidth="100px" label="创建时间">{form.createTime}</DetailItem>
          <DetailItem labelWidth="100px" label="cron表达式">{form.cronExpression}</DetailItem>
          <DetailItem labelWidth="100px" label="下次执行时间">{form.nextValidTime ?? ''}</DetailItem>
          <DetailItem labelWidth="100px" label="调用目标方法" full>
            {form.invokeTarget}
          </DetailItem>
          <DetailItem labelWidth="100px" label="任务状态">{statuses.length ? selectDictLabel(statuses, form.status) : JOB_STATUS_LABELS[form.status as '0' | '1']}</DetailItem>
          <DetailItem labelWidth="100px" label="是否并发">{CONCURRENT_LABELS[form.concurrent as '0' | '1'] ?? form.concurrent}</DetailItem>
          <DetailItem labelWidth="100px" label="执行策略">{MISFIRE_TEXT[form.misfirePolicy] ?? form.misfirePolicy}</DetailItem>
          {form.remark ? <DetailItem labelWidth="100px" label="备注">{form.remark}</DetailItem> : null}
        </DetailGrid>
      )}
    </AppDialog>
  );
}
