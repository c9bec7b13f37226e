/**
 * Views opened from a 流程定义 row (workflow spec §2 "Process definition list", §7 readXml;
 * reference §2 Definitions): the 流程图 dialog (the deployment's diagram, read-only), the 表单详情
 * dialog (the main form rendered read-only) and the 流程XML drawer (with 复制).
 */
import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { copyXml, XmlDrawerFrame, XmlPre } from '../../../components/XmlDrawerFrame';
import { FlowDiagram } from '../../../features/flow-view';
import { FormRenderer, parseFormContent, type FormConf } from '../../../components/form-render';
import { useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../../components/feedback/AppDialog';

function Loading() {
  return (
    <Flex justify="center" align="center" py="16">
      <Spinner color="brand.solid" />
    </Flex>
  );
}

/** 流程图 of a deployment (FlowDiagram without nodeData). */
export function DiagramDialog({ deployId, name, onClose }: { deployId: string; name: string; onClose: () => void }) {
  const trpc = useTRPC();
  const xml = useQuery(trpc.flowable.definition.readXml.queryOptions({ deployId }));
  return (
    <FormDialog title={`流程图 - ${name}`} width="1100px" onClose={onClose} testId="definition-diagram-dialog">
      {xml.isPending ? <Loading /> : xml.data ? <FlowDiagram xml={xml.data} height="60vh" /> : <Text color="fg.muted">流程图加载失败</Text>}
    </FormDialog>
  );
}

/** The stored form as the user will see it, read-only (表单详情). */
export function FormPreviewDialog({ formId, name, onClose }: { formId: number; name: string; onClose: () => void }) {
  const trpc = useTRPC();
  const form = useQuery(trpc.flowable.form.get.queryOptions({ formId }));
  const conf = useMemo((): FormConf | string | null => {
    if (!form.data) return null;
    if (!form.data.formContent) return '该表单暂无内容';
    try {
      return { ...parseFormContent(form.data.formContent), formBtns: false };
    } catch (e) {
      return (e as Error).message;
    }
  }, [form.data]);
  return (
    <FormDialog title={`表单详情 - ${name}`} width="900px" onClose={onClose} testId="definition-form-dialog">
      {form.isPending ? (
        <Loading />
      ) : conf && typeof conf === 'object' ? (
        <Box px="4">
          <FormRenderer conf={conf} readOnly testId="definition-form-preview" />
        </Box>
      ) : (
        <Text color="fg.muted" textAlign="center" py="8">
          {conf ?? '表单不存在'}
        </Text>
      )}
    </FormDialog>
  );
}

/** 流程XML drawer of a deployment (readXml). */
export function XmlDrawer({ deployId, name, onClose }: { deployId: string; name: string; onClose: () => void }) {
  const trpc = useTRPC();
  const xml = useQuery(trpc.flowable.definition.readXml.queryOptions({ deployId }));
  return (
    <XmlDrawerFrame
      open
      title={<>流程XML - {name}</>}
      testId="definition-xml-drawer"
      onClose={onClose}
      footer={
        <>
          <Button size="sm" variant="outline" onClick={() => void copyXml(xml.data ?? '')} disabled={!xml.data}>
            复制
          </Button>
          <Button size="sm" colorPalette="brand" onClick={onClose}>
            关闭
          </Button>
        </>
      }
    >
      {xml.isPending ? (
        <Loading />
      ) : (
        <XmlPre color="#1a1aa6" testId="definition-xml-content">
          {xml.data ?? ''}
        </XmlPre>
      )}
    </XmlDrawerFrame>
  );
}
