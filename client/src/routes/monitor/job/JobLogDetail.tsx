/**
 * 调度日志详细 dialog (RuoYi monitor/job/log.vue, 700px): 日志序号, 任务名称, 任务分组, 执行时间,
 * 调用方法, 日志信息, 执行状态 成功/失败 (the filter's words) and, for a failed run, 异常信息.
 */
import { Box } from '@chakra-ui/react';
import { JOB_LOG_STATUS_LABELS, type JobLogRow } from '../../../../../shared/schemas/job';
import { selectDictLabel, type DictOption } from '../../../hooks/useDict';
import { DetailGrid, DetailItem } from '../../../components/DetailGrid';
import { AppDialog } from '../../../components/feedback/AppDialog';

export function JobLogDetailDialog({ log, onClose, groups }: { log: JobLogRow | null; onClose: () => void; groups: DictOption[] }) {
  return (
    <AppDialog open={log !== null} onClose={onClose} title="调度日志详细" width="700px" testId="job-log-detail-dialog">
      {log && (
        <DetailGrid>
          <DetailItem labelWidth="100px" label="日志序号">{log.jobLogId}</DetailItem>
          <DetailItem labelWidth="100px" label="任务名称">{log.jobName}</DetailItem>
          <DetailItem labelWidth="100px" label="任务分组">{selectDictLabel(groups, log.jobGroup)}</DetailItem>
          <DetailItem labelWidth="100px" label="执行时间">{log.createTime}</DetailItem>
          <DetailItem labelWidth="100px" label="调用方法" full>
            {log.invokeTarget}
          </DetailItem>
          <DetailItem labelWidth="100px" label="日志信息" full>
            {log.jobMessage}
          </DetailItem>
          <DetailItem labelWidth="100px" label="执行状态" full>
            {JOB_LOG_STATUS_LABELS[log.status as '0' | '1'] ?? log.status}
          </DetailItem>
          {log.status === '1' && (
            <DetailItem labelWidth="100px" label="异常信息" full>
              <Box as="span" color="red.600" fontFamily="mono" fontSize="xs" data-testid="job-log-exception">
                {log.exceptionInfo}
              </Box>
            </DetailItem>
          )}
        </DetailGrid>
      )}
    </AppDialog>
  );
}
