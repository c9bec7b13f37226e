/**
 * Flow record timeline (workflow spec §2 "流转记录", §3 "Flow record item", §4 "Flow records"):
 * newest first as the server sends them; a finished record (finishTime present) has a green
 * #2bc418 check, a pending one a grey #b3bdbb clock, a cancelled one (moved away, 减签; issue 16)
 * a grey cross. Each card shows 实际办理 (with the dept),
 * 候选办理, 接收时间, 办结时间, 耗时, 处理意见 (with the comment type) and 抄送人员 (issue 16). A task of a process started
 * by a call activity (issue 13: `calledProcessName` set) carries a 子流程 badge with that process's name.
 *
 * Props: `items` (flowRecord's `flowList`), `loading?`.
 */
import { Badge, Box, Button, Flex, Grid, Spinner, Text, Timeline } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One record (spec §3 "Flow record item"). */
export interface FlowRecordItem {
  taskId?: string;
  taskName?: string | null;
  assigneeName?: string | null;
  deptName?: string | null;
  candidate?: string | null;
  createTime?: string | null;
  finishTime?: string | null;
  duration?: string | null;
  comment?: { type?: string | null; comment?: string | null } | null;
  /** Set on tasks of an instance started by a call activity (issue 13). */
  calledInstanceId?: string | null;
  calledProcessName?: string | null;
  /** The node of the task (退回 targets are nodes). */
  taskDefKey?: string | null;
  /** Set when the task was cancelled rather than completed (moved away, 减签, countersign ended, stopped). */
  deleteReason?: string | null;
  /** Who received a 抄送 at this task (issue 16). */
  ccNames?: string[] | null;
}

/** Comment types (reference §6 FlowComment 1–6; issue 16 adds 7–10). */
export const COMMENT_TYPES: Record<string, { label: string; palette: string }> = {
  '1': { label: '正常意见', palette: 'green' },
  '2': { label: '退回意见', palette: 'orange' },
  '3': { label: '驳回意见', palette: 'red' },
  '4': { label: '委派意见', palette: 'blue' },
  '5': { label: '转办意见', palette: 'purple' },
  '6': { label: '终止流程', palette: 'gray' },
  '7': { label: '撤回意见', palette: 'orange' },
  '8': { label: '抄送意见', palette: 'teal' },
  '9': { label: '加签意见', palette: 'cyan' },
  '10': { label: '减签意见', palette: 'pink' },
};

/** The badge of a cancelled task (engine delete reasons). */
export function cancelledLabel(reason: string | null | undefined): string | null {
  if (!reason) return null;
  if (reason === 'deleteSign') return '已减签';
  if (reason === 'MI_END') return '会签已结束';
  if (reason === 'addSignBefore') return '已向前加签';
  return '已取消';
}

export const RECORD_DONE_COLOR = '#2bc418';
export const RECORD_PENDING_COLOR = '#b3bdbb';

/** Finished when finishTime is present (spec §4 "Flow records"). */
export const recordFinished = (item: FlowRecordItem) => !!item.finishTime;

const CheckIcon = () => (
  <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" aria-hidden><path d="M5 12l5 5 9-10" /></svg>
);
const CrossIcon = () => (
  <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" aria-hidden><path d="M7 7l10 10M17 7L7 17" /></svg>
);
const ClockIcon = () => (
  <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden><circle cx="12" cy="12" r="8" /><path d="M12 8v4l3 2" /></svg>
);

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Box bg="gray.50" px="3" py="1.5" color="gray.600" fontSize="sm" borderBottomWidth="1px" borderColor="gray.100" whiteSpace="nowrap">{label}</Box>
      <Box px="3" py="1.5" fontSize="sm" borderBottomWidth="1px" borderColor="gray.100" data-testid={testId} wordBreak="break-all">{children}</Box>
    </>
  );
}

/** The timeline; see the file comment. */
export function FlowRecordTimeline({ items, loading, returnTo }: {
  items: FlowRecordItem[];
  loading?: boolean;
  /** 退回到此节点 on the finished records of these nodes (the task screen's return targets; issue 16). */
  returnTo?: { keys: ReadonlySet<string>; onPick(taskDefKey: string): void };
}) {
  if (loading) return <Flex justify="center" py="10"><Spinner color="blue.500" /></Flex>;
  if (!items.length) return <Flex justify="center" py="10" color="gray.500" fontSize="sm" data-testid="flow-record-empty">暂无流转记录</Flex>;
  return (
    <Timeline.Root size="lg" variant="subtle" data-testid="flow-record-timeline" maxW="860px">
      {items.map((item, i) => {
        const done = recordFinished(item);
        const type = item.comment?.type ? COMMENT_TYPES[item.comment.type] : undefined;
        const cancelled = cancelledLabel(item.deleteReason);
        return (
          <Timeline.Item key={item.taskId ?? i} data-testid="flow-record-item" data-finished={done ? 'true' : 'false'}>
            <Timeline.Connector>
              <Timeline.Separator />
              <Timeline.Indicator bg={done && !cancelled ? RECORD_DONE_COLOR : RECORD_PENDING_COLOR} color="white" borderWidth="0"
                data-testid={cancelled ? 'flow-record-cancelled' : done ? 'flow-record-done' : 'flow-record-pending'}>
                {cancelled ? <CrossIcon /> : done ? <CheckIcon /> : <ClockIcon />}
              </Timeline.Indicator>
            </Timeline.Connector>
            <Timeline.Content pb="5">
              <Flex align="center" gap="2">
                <Text fontWeight="bold" fontSize="sm">{item.taskName || '—'}</Text>
                <Badge size="sm" colorPalette={done && !cancelled ? 'green' : 'gray'} variant="subtle" data-testid="flow-record-state">{cancelled ?? (done ? '已办结' : '办理中')}</Badge>
                {returnTo && done && !item.deleteReason && item.taskDefKey && returnTo.keys.has(item.taskDefKey) && (
                  <Button size="2xs" variant="outline" colorPalette="orange" ml="auto" onClick={() => returnTo.onPick(item.taskDefKey!)} data-testid="flow-record-return">
                    退回到此节点
                  </Button>
                )}
                {item.calledInstanceId && (
                  <Badge size="sm" colorPalette="blue" variant="outline" data-testid="flow-record-called">子流程：{item.calledProcessName || item.calledInstanceId}</Badge>
                )}
              </Flex>
              <Grid templateColumns="110px 1fr" borderWidth="1px" borderColor="gray.200" rounded="md" overflow="hidden" mt="1" bg="white">
                {item.assigneeName && (
                  <Row label="实际办理" testId="flow-record-assignee">
                    {item.assigneeName}
                    {item.deptName && <Badge ml="2" size="sm" variant="outline" colorPalette="gray">{item.deptName}</Badge>}
                  </Row>
                )}
                {item.candidate && <Row label="候选办理">{item.candidate}</Row>}
                <Row label="接收时间">{item.createTime || '—'}</Row>
                {item.finishTime && <Row label="办结时间">{item.finishTime}</Row>}
                {item.duration && <Row label="耗时">{item.duration}</Row>}
                {item.comment?.comment && (
                  <Row label="处理意见" testId="flow-record-comment">
                    {type && <Badge mr="2" size="sm" colorPalette={type.palette}>{type.label}</Badge>}
                    {item.comment.comment}
                  </Row>
                )}
                {!!item.ccNames?.length && <Row label="抄送人员" testId="flow-record-cc">{item.ccNames.join('、')}</Row>}
              </Grid>
            </Timeline.Content>
          </Timeline.Item>
        );
      })}
    </Timeline.Root>
  );
}
