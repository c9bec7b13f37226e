/**
 * Flow record timeline (workflow spec §2 "流转记录", §3 "Flow record item", §4 "Flow records"):
 * newest first as the server sends them; a finished record (finishTime present) has a green
 * #2bc418 check, a pending one a grey #b3bdbb clock, a cancelled one (moved away, 减签; issue 16)
 * a grey cross. Each card shows 实际办理 (with the dept),
 * 候选办理, 接收时间, 办结时间, 耗时, 处理意见 (every comment of the task in time order, each with
 * its type, and its author when not the handler; issue 40 §3) and 抄送人员 (issue 16). A task of a
 * process started by a call activity (issue 13: `calledProcessName` set) carries a 子流程 badge
 * with that process's name. Issue 40 §4: a task taken back by 撤回 (`kind` revoked) is no
 * handled or cancelled task: its card says 已撤回 with 撤回人, 撤回时间 and the 撤回意见; the
 * start (`kind` start, last) says 发起 with 发起人 and 发起时间.
 *
 * Props: `items` (flowRecord's `flowList`), `loading?`.
 */
import { Badge, Box, Button, Flex, Grid, Spinner, Text, Timeline } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { COMMENT_TYPE_NAMES } from '../../../../shared/schemas/flowable/comment-types';

/** One comment of a record (issue 40 §3). */
export interface FlowRecordComment {
  type?: string | null;
  typeName?: string | null;
  message?: string | null;
  userName?: string | null;
  time?: string | null;
}

/** One record (spec §3 "Flow record item"). */
export interface FlowRecordItem {
  /** Null on the 发起 entry. */
  taskId?: string | null;
  /** `task`, `revoked` (taken back by 撤回) or `start` (issue 40 §4); absent = task. */
  kind?: 'task' | 'revoked' | 'start' | null;
  taskName?: string | null;
  assigneeName?: string | null;
  deptName?: string | null;
  candidate?: string | null;
  createTime?: string | null;
  finishTime?: string | null;
  duration?: string | null;
  /** The task's first comment (RuoYi); `comments` holds all of them. */
  comment?: { type?: string | null; comment?: string | null } | null;
  comments?: FlowRecordComment[] | null;
  /** Who took the task back, when and why (`kind` revoked). */
  revoke?: { userName?: string | null; deptName?: string | null; time?: string | null; comment?: string | null } | null;
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

/** Badge colours of the comment types (reference §6 FlowComment 1–6; issue 16 adds 7–10); labels from shared comment-types.ts. */
const PALETTES: Record<string, string> = { '1': 'green', '2': 'orange', '3': 'red', '4': 'blue', '5': 'purple', '6': 'gray', '7': 'orange', '8': 'teal', '9': 'cyan', '10': 'pink' };

/** Comment types with their label and badge colour. */
export const COMMENT_TYPES: Record<string, { label: string; palette: string }> = Object.fromEntries(
  Object.entries(COMMENT_TYPE_NAMES).map(([type, label]) => [type, { label, palette: PALETTES[type] ?? 'gray' }]),
);

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
const UndoIcon = () => (
  <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden><path d="M9 14L4 9l5-5" /><path d="M4 9h10a6 6 0 0 1 0 12h-3" /></svg>
);
const FlagIcon = () => (
  <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden><path d="M5 21V4" /><path d="M5 4h11l-2 4 2 4H5" /></svg>
);

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Box bg="gray.50" px="3" py="1.5" color="gray.600" fontSize="sm" borderBottomWidth="1px" borderColor="gray.100" whiteSpace="nowrap">{label}</Box>
      <Box px="3" py="1.5" fontSize="sm" borderBottomWidth="1px" borderColor="gray.100" data-testid={testId} wordBreak="break-all">{children}</Box>
    </>
  );
}

/** A name with its dept as an outlined badge. */
function Person({ name, dept }: { name: string | null | undefined; dept?: string | null }) {
  return (
    <>
      {name || '—'}
      {dept && <Badge ml="2" size="sm" variant="outline" colorPalette="gray">{dept}</Badge>}
    </>
  );
}

/** The comments of a record, oldest first, each with its type; the author when not the handler. */
function comments(item: FlowRecordItem): FlowRecordComment[] {
  if (item.comments?.length) return item.comments;
  return item.comment?.comment ? [{ type: item.comment.type, message: item.comment.comment }] : [];
}

function CommentLines({ list, handler, label }: { list: FlowRecordComment[]; handler?: string | null; label?: string }) {
  return (
    <Flex direction="column" gap="1">
      {list.map((c, i) => {
        const type = c.type ? COMMENT_TYPES[c.type] : undefined;
        const by = c.userName && c.userName !== handler ? c.userName : null;
        return (
          <Flex key={i} gap="2" align="baseline" wrap="wrap" data-testid="flow-record-comment-line">
            {(label ?? type?.label) && <Badge size="sm" colorPalette={label ? 'green' : type?.palette}>{label ?? type?.label}</Badge>}
            <Text as="span">{c.message || '—'}</Text>
            {(by || (list.length > 1 && c.time)) && (
              <Text as="span" color="gray.500" fontSize="xs">{[by, list.length > 1 ? c.time : null].filter(Boolean).join(' · ')}</Text>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** Indicator colour, icon, test id and state badge of a record. */
function stateOf(item: FlowRecordItem) {
  const done = recordFinished(item);
  if (item.kind === 'start') return { color: RECORD_DONE_COLOR, icon: <FlagIcon />, testId: 'flow-record-start', badge: '已发起', palette: 'green' };
  if (item.kind === 'revoked') return { color: '#e6a23c', icon: <UndoIcon />, testId: 'flow-record-revoked', badge: '已撤回', palette: 'orange' };
  const cancelled = cancelledLabel(item.deleteReason);
  if (cancelled) return { color: RECORD_PENDING_COLOR, icon: <CrossIcon />, testId: 'flow-record-cancelled', badge: cancelled, palette: 'gray' };
  return done
    ? { color: RECORD_DONE_COLOR, icon: <CheckIcon />, testId: 'flow-record-done', badge: '已办结', palette: 'green' }
    : { color: RECORD_PENDING_COLOR, icon: <ClockIcon />, testId: 'flow-record-pending', badge: '办理中', palette: 'gray' };
}

/** The rows of a record by kind; see the file comment. */
function RecordRows({ item }: { item: FlowRecordItem }) {
  if (item.kind === 'start') {
    return (
      <>
        <Row label="发起人" testId="flow-record-assignee"><Person name={item.assigneeName} dept={item.deptName} /></Row>
        <Row label="发起时间">{item.createTime || '—'}</Row>
        <Row label="处理意见" testId="flow-record-comment"><CommentLines list={comments(item)} handler={item.assigneeName} label="发起" /></Row>
      </>
    );
  }
  if (item.kind === 'revoked') {
    const r = item.revoke;
    return (
      <>
        <Row label="撤回人" testId="flow-record-revoker"><Person name={r?.userName} dept={r?.deptName} /></Row>
        <Row label="撤回时间">{r?.time || item.finishTime || '—'}</Row>
        <Row label="处理意见" testId="flow-record-comment">
          <CommentLines list={[{ type: '7', message: r?.comment, userName: r?.userName }]} handler={r?.userName} />
        </Row>
      </>
    );
  }
  const list = comments(item);
  return (
    <>
      {item.assigneeName && <Row label="实际办理" testId="flow-record-assignee"><Person name={item.assigneeName} dept={item.deptName} /></Row>}
      {item.candidate && <Row label="候选办理">{item.candidate}</Row>}
      <Row label="接收时间">{item.createTime || '—'}</Row>
      {item.finishTime && <Row label="办结时间">{item.finishTime}</Row>}
      {item.duration && <Row label="耗时">{item.duration}</Row>}
      {list.length > 0 && <Row label="处理意见" testId="flow-record-comment"><CommentLines list={list} handler={item.assigneeName} /></Row>}
      {!!item.ccNames?.length && <Row label="抄送人员" testId="flow-record-cc">{item.ccNames.join('、')}</Row>}
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
        const state = stateOf(item);
        const task = !item.kind || item.kind === 'task';
        return (
          <Timeline.Item key={item.taskId ?? `${item.kind}-${i}`} data-testid="flow-record-item" data-kind={item.kind ?? 'task'} data-finished={done ? 'true' : 'false'}>
            <Timeline.Connector>
              <Timeline.Separator />
              <Timeline.Indicator bg={state.color} color="white" borderWidth="0" data-testid={state.testId}>{state.icon}</Timeline.Indicator>
            </Timeline.Connector>
            <Timeline.Content pb="5">
              <Flex align="center" gap="2" wrap="wrap">
                <Text fontWeight="bold" fontSize="sm">{item.taskName || '—'}</Text>
                <Badge size="sm" colorPalette={state.palette} variant="subtle" data-testid="flow-record-state">{state.badge}</Badge>
                {task && returnTo && done && !item.deleteReason && item.taskDefKey && returnTo.keys.has(item.taskDefKey) && (
                  <Button size="2xs" variant="outline" colorPalette="orange" ml="auto" onClick={() => returnTo.onPick(item.taskDefKey!)} data-testid="flow-record-return">
                    退回到此节点
                  </Button>
                )}
                {item.calledInstanceId && (
                  <Badge size="sm" colorPalette="blue" variant="outline" data-testid="flow-record-called">子流程：{item.calledProcessName || item.calledInstanceId}</Badge>
                )}
              </Flex>
              <Grid templateColumns="110px 1fr" borderWidth="1px" borderColor="gray.200" rounded="md" overflow="hidden" mt="1" bg="white">
                <RecordRows item={item} />
              </Grid>
            </Timeline.Content>
          </Timeline.Item>
        );
      })}
    </Timeline.Root>
  );
}
