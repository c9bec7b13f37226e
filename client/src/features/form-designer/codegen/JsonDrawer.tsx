/**
 * The 查看json drawer (spec §2 "Form designer": JSON view drawer with refresh, copy, export file,
 * close; spec §5: refresh needs valid JSON, otherwise 'JSON格式错误，请检查'; reference §7
 * form-generator's JsonDrawer): the form JSON in an editable code editor and the buttons 刷新
 * (valid JSON with a `fields` array → `onRefresh(conf)`, which replaces the designer's form),
 * 复制JSON, 导出JSON文件 (a timestamp-named .json) and 关闭.
 * Test ids: `code-json-drawer`, `code-json-editor`, `code-json-refresh`, `code-json-copy`,
 * `code-json-download`, `code-json-close`.
 */
import { Box, Button, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { CodeEditorLazy } from '../../../components/editor/CodeEditorLazy';
import { msgError } from '../../../lib/modal/toaster';
import type { FormConf } from '../../../components/form-render';
import { CODE_MESSAGES, copyCode, downloadText, parseJsonConf, timestampName } from './actions';

/**
 * Focus leaving the drawer does not close it: the generation-type dialog hands focus back to its
 * trigger as it closes, just as the drawer opens.
 */
const keepOpen = (e: { preventDefault: () => void }) => e.preventDefault();

export interface JsonDrawerProps {
  conf: FormConf;
  onRefresh: (conf: FormConf) => void;
  onClose: () => void;
}

/** The drawer; mount it only while shown (see the module comment). */
export function JsonDrawer({ conf, onRefresh, onClose }: JsonDrawerProps) {
  const [text, setText] = useState(() => JSON.stringify(conf, null, 2));

  const refresh = () => {
    const next = parseJsonConf(text);
    if (!next) {
      msgError(CODE_MESSAGES.badJson);
      return;
    }
    onRefresh(next);
  };

  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} placement="end" onFocusOutside={keepOpen}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w="60vw" minW="min(640px, 100vw)" maxW="100vw" data-testid="code-json-drawer">
            <Drawer.Header borderBottomWidth="1px" py="2.5" pr="12">
              <Flex gap="2" align="center" wrap="wrap">
                <Drawer.Title fontSize="md" mr="auto">查看json</Drawer.Title>
                <Button size="xs" colorPalette="brand" onClick={refresh} data-testid="code-json-refresh">刷新</Button>
                <Button size="xs" variant="outline" onClick={() => void copyCode(text)} data-testid="code-json-copy">复制JSON</Button>
                <Button size="xs" variant="outline" onClick={() => downloadText(text, timestampName('json'), 'application/json;charset=utf-8')} data-testid="code-json-download">导出JSON文件</Button>
                <Button size="xs" variant="outline" onClick={onClose} data-testid="code-json-close">关闭</Button>
              </Flex>
            </Drawer.Header>
            <Drawer.Body p="2">
              <Box h="100%">
                <CodeEditorLazy value={text} onChange={setText} language="json" height="calc(100vh - 80px)" testId="code-json-editor" />
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
