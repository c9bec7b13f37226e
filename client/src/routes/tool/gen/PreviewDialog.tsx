/**
 * 代码预览 (RuoYi views/tool/gen/index.vue preview dialog, 80% wide): one tab per generated file
 * in the server's order (`tool.gen.preview` answers an ordered map path → code); the tab title is
 * the file name, the full path shows above the code with 复制 (copies the current file). The code
 * is highlighted read-only by CodeMirror (CodeViewer, its own chunk, which the list fetches
 * ahead with `preloadCodeViewer`); only the open tab is mounted, so only it is highlighted. The
 * server renders the files once and keeps them formatted (issue 40 §6).
 */
import { Box, Button, Flex, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { AppDialog } from '../../../components/feedback/AppDialog';
import { copyXml } from '../../../components/XmlDrawerFrame';
import { useTRPC } from '../../../lib/trpc';
import { languageOf, tabTitle } from './gen-kit';

const loadCodeViewer = () => import('./CodeViewer');
const CodeViewer = lazy(loadCodeViewer);

/** Fetches the code viewer's chunk ahead of the first 预览 (the list calls it once shown). */
export function preloadCodeViewer(): void {
  void loadCodeViewer().catch(() => undefined);
}
const CODE_HEIGHT = 'calc(100vh - 320px)';

function Loading() {
  return (
    <Flex h={CODE_HEIGHT} minH="200px" align="center" justify="center" gap="2" color="fg.muted" data-testid="gen-preview-loading">
      <Spinner size="sm" />
      <Text fontSize="sm">加载中…</Text>
    </Flex>
  );
}

export function PreviewDialog({ tableId, onClose }: { tableId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const preview = useQuery({ ...trpc.tool.gen.preview.queryOptions({ tableId }), gcTime: 0 });
  const files = useMemo(() => Object.entries(preview.data ?? {}), [preview.data]);
  const [picked, setTab] = useState('');
  // The first file until one is picked (no extra render before the code shows).
  const tab = files.some(([p]) => p === picked) ? picked : (files[0]?.[0] ?? '');
  // A refused preview (its message shown by the request-error layer) leaves no dialog, as RuoYi.
  useEffect(() => {
    if (preview.isError) onClose();
  }, [preview.isError, onClose]);

  return (
    <AppDialog title="代码预览" width="80%" testId="gen-preview" onClose={onClose} placement="center" footer={null}>
      {preview.data && files.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" textAlign="center" py="10">暂无数据</Text>
      ) : preview.isLoading || !tab ? (
        <Loading />
      ) : (
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm" lazyMount unmountOnExit>
          <Tabs.List flexWrap="wrap">
            {files.map(([path]) => (
              <Tabs.Trigger key={path} value={path} title={path} flexShrink={0} data-testid="gen-preview-tab">
                {tabTitle(path, files.map(([p]) => p))}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {files.map(([path, code]) => (
            <Tabs.Content key={path} value={path} pt="3">
              <Flex align="center" justify="space-between" mb="2" gap="3">
                <Text fontSize="sm" color="fg.muted" fontFamily="mono" truncate data-testid="gen-preview-path">
                  {path}
                </Text>
                <Button size="xs" variant="plain" color="brand.solid" onClick={() => void copyXml(code)} data-testid="gen-preview-copy">
                  复制
                </Button>
              </Flex>
              <Box>
                <Suspense fallback={<Loading />}>
                  <CodeViewer value={code} language={languageOf(path)} height={CODE_HEIGHT} />
                </Suspense>
              </Box>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </AppDialog>
  );
}
