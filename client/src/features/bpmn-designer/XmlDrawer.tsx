/**
 * The 查看XML drawer of the process model designer (workflow spec §2 "view XML (drawer)"): the
 * diagram's formatted BPMN XML, coloured, with 复制 and 下载XML buttons.
 */
import { Box, Button, Flex } from '@chakra-ui/react';
import { useMemo } from 'react';
import { copyXml, XmlDrawerFrame, XmlPre } from '../../components/XmlDrawerFrame';
import { Icon } from '../../components/Icon';
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
  return (
    <XmlDrawerFrame
      open={open}
      title="流程XML"
      testId="designer-xml-drawer"
      onClose={onClose}
      footer={
        <Flex gap="2">
          <Button size="sm" variant="outline" onClick={() => void copyXml(xml)} data-testid="designer-xml-copy"><Icon name="copy" />复制</Button>
          <Button size="sm" variant="outline" onClick={onDownload}><Icon name="download" />下载XML</Button>
          <Button size="sm" colorPalette="brand" onClick={onClose}>关闭</Button>
        </Flex>
      }
    >
      <XmlPre testId="designer-xml-content">
        {tokens.map((t, i) => (
          <Box as="span" key={i} color={COLORS[t.kind]}>{t.text}</Box>
        ))}
      </XmlPre>
    </XmlDrawerFrame>
  );
}
