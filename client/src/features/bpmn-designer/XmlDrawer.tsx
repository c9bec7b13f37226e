/**
 * The 查看XML drawer of the process model designer (workflow spec §2 "view XML (drawer)"): the
 * diagram's formatted BPMN XML, coloured, with 复制 and 下载XML buttons.
 */
import { Box, Button, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useMemo } from 'react';
import { msgError, msgSuccess } from '../../components/feedback/toaster';
import { DesignerIcon } from './DesignerIcon';
import { xmlTokens, type XmlTokenKind } from './modeler/xml-tokens';

const COLORS: Record<XmlTokenKind, string | undefined> = {
  punct: '#909399', tag: '#c41a16', attr: '#994500', value: '#1a1aa6', comment: '#6a9955', text: undefined,
};

export interface XmlDrawerProps {
  open: boolean;
  xml: string;
  onClose(): void;
  onDownload(): void;
}

/** Right-hand drawer showing the XML. */
export function XmlDrawer({ open, xml, onClose, onDownload }: XmlDrawerProps) {
  const tokens = useMemo(() => (open ? xmlTokens(xml) : []), [open, xml]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(xml);
      msgSuccess('复制成功');
    } catch {
      msgError('复制失败，请手动选择复制');
    }
  };
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" size="lg">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="designer-xml-drawer" maxW="860px">
            <Drawer.Header borderBottomWidth="1px" py="3">
              <Drawer.Title fontSize="md">流程XML</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0" bg="#fafafa">
              <Box as="pre" m="0" p="4" fontFamily="Menlo, Consolas, 'Courier New', monospace" fontSize="12px" lineHeight="1.6"
                whiteSpace="pre-wrap" wordBreak="break-all" data-testid="designer-xml-content">
                {tokens.map((t, i) => (
                  <Box as="span" key={i} color={COLORS[t.kind]}>{t.text}</Box>
                ))}
              </Box>
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" py="3">
              <Flex gap="2">
                <Button size="sm" variant="outline" onClick={() => void copy()} data-testid="designer-xml-copy"><DesignerIcon name="copy" />复制</Button>
                <Button size="sm" variant="outline" onClick={onDownload}><DesignerIcon name="download" />下载XML</Button>
                <Button size="sm" colorPalette="brand" onClick={onClose}>关闭</Button>
              </Flex>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
