/**
 * 通知公告 on the home page (issue 41 §5): the newest open notices (home.notices: up to 5 with
 * status 0 正常, newest first) as rows of type tag, title and date; a click opens a read-only
 * dialog with the notice's sanitised content (home.notice), shown by the rich-text editor in read-only
 * mode (stored images load with the bearer header). Every signed-in user sees them. A part of the
 * home page (routes/index.tsx), not of the 通知公告 screen: it reads the home.* procedures.
 */
import { Box, Button, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DictTag } from '../components/dict/DictTag';
import { RichTextEditorLazy } from '../components/editor/RichTextEditorLazy';
import { AppDialog, DialogLoading } from '../components/feedback/AppDialog';
import { Icon } from '../components/Icon';
import { useDict, type DictOption } from '../hooks/useDict';
import { useTRPC, type AppRouter } from '../lib/trpc';
import type { inferRouterOutputs } from '@trpc/server';

/** One entry of the home page's newest notices (no content). */
type NoticeHeadlineRow = inferRouterOutputs<AppRouter>['home']['notices'][number];

/** The read-only dialog of one notice: title, type, author, time and content. */
function NoticeView({ notice, types, onClose }: { notice: NoticeHeadlineRow; types: DictOption[]; onClose: () => void }) {
  const trpc = useTRPC();
  const full = useQuery({ ...trpc.home.notice.queryOptions({ noticeId: notice.noticeId }), gcTime: 0 });
  return (
    <AppDialog title={notice.noticeTitle} width="780px" testId="notice-view" onClose={onClose} closeOnBackdrop>
      <Flex gap="3" align="center" wrap="wrap" mb="3" fontSize="sm" color="fg.muted">
        <DictTag options={types} value={notice.noticeType} />
        <Text>{notice.createBy}</Text>
        <Text>{notice.createTime}</Text>
      </Flex>
      {full.isPending ? (
        <DialogLoading />
      ) : full.data ? (
        full.data.noticeContent ? (
          <RichTextEditorLazy value={full.data.noticeContent} readOnly height={120} testId="notice-view-content" />
        ) : (
          <Text color="fg.muted" fontSize="sm">无内容</Text>
        )
      ) : (
        <Text color="fg.muted" fontSize="sm">该公告已关闭或已删除</Text>
      )}
    </AppDialog>
  );
}

/** The home page's 通知公告 card. */
export function NewestNotices() {
  const trpc = useTRPC();
  const dict = useDict('sys_notice_type');
  const notices = useQuery(trpc.home.notices.queryOptions());
  const [open, setOpen] = useState<NoticeHeadlineRow | null>(null);
  const rows = notices.data ?? [];
  return (
    <Card.Root variant="elevated" size="sm" mt="5" data-testid="home-notices">
      <Card.Header pb="0">
        <Flex align="center" gap="2">
          <Box color="brand.solid" fontSize="18px"><Icon menu="message" /></Box>
          <Heading size="sm">通知公告</Heading>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {notices.isPending ? (
          <Stack gap="2">{[0, 1, 2].map((i) => <Skeleton key={i} h="6" />)}</Stack>
        ) : rows.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" py="2">暂无公告</Text>
        ) : (
          <Stack gap="0" as="ul" listStyleType="none">
            {rows.map((n) => (
              <Flex as="li" key={n.noticeId} align="center" gap="3" py="2" borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: 0 }}>
                <Box flexShrink={0}><DictTag options={dict.sys_notice_type} value={n.noticeType} /></Box>
                <Button variant="plain" size="sm" px="0" h="auto" minW="0" flex="1" justifyContent="flex-start" fontWeight="normal"
                  color="fg" _hover={{ color: 'brand.solid' }} onClick={() => setOpen(n)} data-testid="home-notice" title={n.noticeTitle}>
                  <Text as="span" truncate>{n.noticeTitle}</Text>
                </Button>
                <Text flexShrink={0} fontSize="sm" color="fg.muted">{n.createTime?.slice(0, 10)}</Text>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
      {open && <NoticeView notice={open} types={dict.sys_notice_type} onClose={() => setOpen(null)} />}
    </Card.Root>
  );
}
