/**
 * The shell and the data-bound tabs the task screens share (workflow spec §2 "Task-handling
 * screen", "Finished-task detail", "Own-started-task detail", "Workflow record page"):
 * - `FlowDetailCard`: the card with a title, the header facts, the close button and the tabs
 *   (lazy: a tab's content mounts when first opened, so the diagram loads when its tab is opened);
 * - `FlowRecordPanel`: `task.flowRecord({procInsId, deployId})` → the timeline; `onError` is
 *   called once when the load fails (spec §8: the screen closes and goes back to its list);
 * - `FlowDiagramPanel`: `task.flowXmlAndNode({procInsId, deployId})` → the coloured diagram.
 */
import { Box, Button, Card, Flex, Heading, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { useTRPC } from '../../lib/trpc';
import { FlowDiagram } from './FlowDiagram';
import { FlowRecordTimeline, type FlowRecordItem } from './FlowRecordTimeline';

export interface DetailTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** The detail card; see the file comment. */
export function FlowDetailCard({ title, facts, tabs, tab, onTab, onClose, closeLabel = '关闭', closeHint, actions, testId }: {
  title: string;
  facts?: { label: string; value?: string | null; testId?: string }[];
  tabs: DetailTab[];
  tab: string;
  onTab(value: string): void;
  onClose(): void;
  closeLabel?: string;
  /** Tooltip / accessible name of the close button (e.g. 关闭发送任务). */
  closeHint?: string;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <Box p="5" data-testid={testId}>
      <Card.Root size="sm">
        <Card.Header borderBottomWidth="1px" py="3">
          <Flex align="center" justify="space-between" gap="4" wrap="wrap">
            <Flex align="center" gap="6" wrap="wrap">
              <Heading size="sm" display="flex" alignItems="center" gap="1">
                <Icon name="document" />
                {title}
              </Heading>
              {facts?.filter((f) => f.value).map((f) => (
                <Text key={f.label} fontSize="sm" color="gray.600" data-testid={f.testId}>
                  {f.label}：<Text as="span" color="gray.800" fontWeight="medium">{f.value}</Text>
                </Text>
              ))}
            </Flex>
            <Flex gap="2">
              {actions}
              <Button size="xs" colorPalette="red" variant="subtle" onClick={onClose} title={closeHint} aria-label={closeHint} data-testid="detail-close">
                {closeLabel}
              </Button>
            </Flex>
          </Flex>
        </Card.Header>
        <Card.Body>
          <Tabs.Root value={tab} onValueChange={(e) => onTab(e.value)} lazyMount variant="line" size="sm">
            <Tabs.List>
              {tabs.map((t) => (
                <Tabs.Trigger key={t.value} value={t.value} data-testid={`tab-${t.value}`}>{t.label}</Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((t) => (
              <Tabs.Content key={t.value} value={t.value} pt="4">{t.content}</Tabs.Content>
            ))}
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

/** 流转记录 tab; see the file comment. */
export function FlowRecordPanel({ procInsId, deployId, onError, returnTo }: {
  procInsId: string;
  deployId?: string;
  onError?(): void;
  /** The task screen's 退回 from the record (issue 16): nodes that may be chosen and the action. */
  returnTo?: { keys: ReadonlySet<string>; onPick(taskDefKey: string): void };
}) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.flowable.task.flowRecord.queryOptions({ procInsId, deployId: deployId || undefined }), enabled: !!procInsId, retry: false });
  const failed = useRef(false);
  useEffect(() => {
    if (q.isError && !failed.current) { failed.current = true; onError?.(); }
  }, [q.isError, onError]);
  if (!procInsId) return <Empty text="缺少流程实例ID" />;
  if (q.isError) return <Empty text="流转记录加载失败" />;
  return (
    <Box px={{ base: 0, md: 6 }}>
      <FlowRecordTimeline items={(q.data?.flowList ?? []) as FlowRecordItem[]} loading={q.isPending} returnTo={returnTo} />
    </Box>
  );
}

/** 流程图 tab; see the file comment. */
export function FlowDiagramPanel({ procInsId, deployId, height }: { procInsId?: string; deployId: string; height?: string | number }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.flowable.task.flowXmlAndNode.queryOptions({ procInsId: procInsId || undefined, deployId }), enabled: !!deployId, retry: false });
  if (!deployId) return <Empty text="缺少流程部署ID" />;
  if (q.isPending) return <Flex justify="center" py="16"><Spinner color="blue.500" /></Flex>;
  if (q.isError || !q.data?.xmlData) return <Empty text="流程图加载失败" />;
  return <FlowDiagram xml={q.data.xmlData} nodeData={q.data.nodeData} height={height ?? 'calc(100vh - 300px)'} />;
}

/** An empty-state line. */
export function Empty({ text }: { text: string }) {
  return <Flex justify="center" py="12" color="gray.500" fontSize="sm">{text}</Flex>;
}
