/**
 * 操作日志详细 dialog (800px, RuoYi views/monitor/operlog/index.vue): 操作模块, 登录信息, 请求地址,
 * 请求方式, 操作方法, 请求参数, 返回参数, 操作状态 (正常 / 失败), 消耗时间, 操作时间 and 异常信息.
 */
import { Box } from '@chakra-ui/react';
import { selectDictLabel, type DictOption } from '../../../hooks/useDict';
import { DetailGrid, DetailItem } from '../../../components/DetailGrid';
import { FormDialog } from '../../../components/feedback/AppDialog';
import type { OperlogRow } from './types';

const mono = { fontFamily: 'mono', fontSize: 'xs' } as const;

export function OperlogDetailDialog({ log, onClose, operTypes }: { log: OperlogRow; onClose: () => void; operTypes: DictOption[] }) {
  return (
    <FormDialog title="操作日志详细" width="800px" onClose={onClose} testId="operlog-detail-dialog">
      <DetailGrid>
        <DetailItem label="操作模块">
          {log.title} / {selectDictLabel(operTypes, log.businessType)}
        </DetailItem>
        <DetailItem label="登录信息">
          {[log.operName, log.operIp, log.operLocation].filter(Boolean).join(' / ')}
        </DetailItem>
        <DetailItem label="请求地址">{log.operUrl}</DetailItem>
        <DetailItem label="请求方式">{log.requestMethod}</DetailItem>
        <DetailItem label="操作方法" full>
          {log.method}
        </DetailItem>
        <DetailItem label="请求参数" full>
          <Box as="span" {...mono} data-testid="operlog-param">
            {log.operParam}
          </Box>
        </DetailItem>
        <DetailItem label="返回参数" full>
          <Box as="span" {...mono}>
            {log.jsonResult}
          </Box>
        </DetailItem>
        <DetailItem label="操作状态">{log.status === 0 ? '正常' : '失败'}</DetailItem>
        <DetailItem label="消耗时间">{log.costTime}毫秒</DetailItem>
        <DetailItem label="操作时间" full>
          {log.operTime}
        </DetailItem>
        {log.status === 1 && (
          <DetailItem label="异常信息" full>
            <Box as="span" color="red.600" {...mono} data-testid="operlog-error">
              {log.errorMsg}
            </Box>
          </DetailItem>
        )}
      </DetailGrid>
    </FormDialog>
  );
}
