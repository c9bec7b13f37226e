/**
 * The 运行 drawer (spec §2 "Form designer": code generation run; reference §7 form-generator's
 * FormDrawer): 90 % of the window wide, the left half with tabs 代码 (the generated .tsx file,
 * read-only code editor) and 脚本 (the editable `export default {…}` script; 刷新 reads it with
 * parseFormScript, loaded on demand — spec §5 messages through msgError — and on success re-renders the preview and
 * regenerates the code), the right half a live 预览 with the real FormRenderer (validation, 提交 /
 * 重置; a valid 提交 shows the submitted values). Also 复制代码 / 导出文件 of the current code.
 * Test ids: `code-run-drawer`, `code-run-tab-code`, `code-run-tab-script`, `code-run-code` (editor),
 * `code-run-script` (editor), `code-run-refresh`, `code-run-copy`, `code-run-download`,
 * `code-run-preview`, `code-run-values`, `code-run-close`.
 */
import { Box, Button, CloseButton, Drawer, Flex, Portal, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { CodeEditorLazy } from '../../../components/editor/CodeEditorLazy';
import { msgError } from '../../../lib/modal/toaster';
import { FormRenderer, type FormConf } from '../../../components/form-render';
import { copyCode, downloadText, withExtension } from './actions';
import { generateFormFile, type GenerateOptions } from './generate';
import { formScript } from './script-text';

/**
 * Focus leaving the drawer does not close it: the generation-type dialog hands focus back to its
 * trigger as it closes, just as the drawer opens.
 */
const keepOpen = (e: { preventDefault: () => void }) => e.preventDefault();

export interface RunDrawerProps {
  conf: FormConf;
  choice: GenerateOptions;
  onClose: () => void;
}

const EDITOR_HEIGHT = 'calc(100vh - 58px)';

/** The drawer; mount it only while shown (see the module comment). */
export function RunDrawer({ conf, choice, onClose }: RunDrawerProps) {
  const [preview, setPreview] = useState<FormConf>(conf);
  const [script, setScript] = useState(() => formScript(conf));
  const [tab, setTab] = useState('code');
  const [submitted, setSubmitted] = useState<Record<string, unknown> | null>(null);
  const code = useMemo(() => generateFormFile(preview, choice), [preview, choice]);
  const fileName = withExtension(choice.fileName, 'tsx');

  const refresh = async () => {
    // The JS parser (@lezer/javascript) is loaded on the first 刷新.
    const { parseFormScript } = await import('./script');
    const r = parseFormScript(script);
    if (!r.ok) {
      msgError(r.message);
      return;
    }
    setPreview(r.conf);
    setSubmitted(null);
  };

  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} placement="end" onFocusOutside={keepOpen}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w="90vw" maxW="90vw" data-testid="code-run-drawer">
            <Drawer.Body p="0" display="flex" minH="0">
              <Flex direction="column" w="50%" minW="0" borderRightWidth="1px">
                <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm" lazyMount display="flex" flexDirection="column" flex="1" minH="0">
                  <Flex align="center" justify="space-between" pr="2" borderBottomWidth="1px">
                    <Tabs.List borderBottom="none">
                      <Tabs.Trigger value="code" data-testid="code-run-tab-code">代码</Tabs.Trigger>
                      <Tabs.Trigger value="script" data-testid="code-run-tab-script">脚本</Tabs.Trigger>
                    </Tabs.List>
                    <Flex gap="1">
                      {tab === 'script' && (
                        <Button size="xs" colorPalette="brand" onClick={() => void refresh()} data-testid="code-run-refresh">刷新</Button>
                      )}
                      <Button size="xs" variant="outline" onClick={() => void copyCode(code)} data-testid="code-run-copy">复制代码</Button>
                      <Button size="xs" variant="outline" onClick={() => downloadText(code, fileName)} data-testid="code-run-download">导出文件</Button>
                    </Flex>
                  </Flex>
                  <Tabs.Content value="code" p="2" pt="2">
                    <CodeEditorLazy value={code} language="typescript" readOnly height={EDITOR_HEIGHT} testId="code-run-code" />
                  </Tabs.Content>
                  <Tabs.Content value="script" p="2" pt="2">
                    <CodeEditorLazy value={script} onChange={setScript} language="javascript" height={EDITOR_HEIGHT} testId="code-run-script" />
                  </Tabs.Content>
                </Tabs.Root>
              </Flex>
              <Flex direction="column" w="50%" minW="0">
                <Flex align="center" justify="space-between" h="37px" pl="3" pr="12" borderBottomWidth="1px" flexShrink={0}>
                  <Text fontSize="sm" fontWeight="medium">预览</Text>
                  <Text fontSize="xs" color="fg.muted" truncate maxW="60%">{fileName}</Text>
                </Flex>
                <Box flex="1" overflowY="auto" p="4" data-testid="code-run-preview">
                  <FormRenderer conf={preview} testId="code-run-form" onSubmit={(r) => setSubmitted(r.valData)} />
                  {submitted && (
                    <Box as="pre" mt="4" p="3" bg="bg.muted" fontSize="xs" borderRadius="sm" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="code-run-values">
                      {JSON.stringify(submitted, null, 2)}
                    </Box>
                  )}
                </Box>
              </Flex>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" data-testid="code-run-close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
