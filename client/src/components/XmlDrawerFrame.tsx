/**
 * The right-hand 流程XML drawer frame shared by the process designer's 查看XML and the 流程定义
 * row's XML view: header title, a grey monospace body, a footer of the caller's buttons and the
 * corner close button; plus the 复制 clipboard helper (复制成功 / 复制失败，请手动选择复制).
 */
import { Box, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { msgError, msgSuccess } from '../lib/modal/toaster';

/** Copies `text` to the clipboard and reports 复制成功, or 复制失败 when refused. */
export async function copyXml(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    msgSuccess('复制成功');
  } catch {
    msgError('复制失败，请手动选择复制');
  }
}

/** The drawer (end, lg, 860px) with `children` as its body and `footer` in its footer. */
export function XmlDrawerFrame({ open, title, testId, onClose, footer, children }: {
  open: boolean;
  title: ReactNode;
  testId: string;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" size="lg">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="860px" data-testid={testId}>
            <Drawer.Header borderBottomWidth="1px" py="3">
              <Drawer.Title fontSize="md">{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0" bg="#fafafa">
              {children}
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" py="3">
              {footer}
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** The monospace, wrapping `<pre>` the XML is shown in. */
export function XmlPre({ color, testId, children }: { color?: string; testId: string; children: ReactNode }) {
  return (
    <Box as="pre" m="0" p="4" fontFamily="Menlo, Consolas, 'Courier New', monospace" fontSize="12px" lineHeight="1.6"
      whiteSpace="pre-wrap" wordBreak="break-all" color={color} data-testid={testId}>
      {children}
    </Box>
  );
}
