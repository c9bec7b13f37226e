/**
 * Views opened from a 流程定义 row (workflow spec §2 "Process definition list", §7 readXml;
 * reference §2 Definitions): the 流程图 dialog (the deployment's diagram, read-only), the 表单详情
 * dialog (the main form rendered read-only) and the 流程XML drawer (with 复制).
 */
import { Box, Button, CloseButton, Drawer, Flex, Portal, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { msgError, msgSuccess } from '../../../components/feedback/toaster';
import { FlowDiagram } from '../../../features/flow-view';
import { FormRenderer, parseFormContent, type FormConf } from '../../../features/form-render';
import { useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../system/dict/kit';

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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(xml.data ?? '');
      msgSuccess('复制成功');
    } catch {
      msgError('复制失败，请手动选择复制');
    }
  };
  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} placement="end" size="lg">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="860px" data-testid="definition-xml-drawer">
            <Drawer.Header borderBottomWidth="1px" py="3">
              <Drawer.Title fontSize="md">流程XML - {name}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0" bg="#fafafa">
              {xml.isPending ? (
                <Loading />
              ) : (
                <Box as="pre" m="0" p="4" fontFamily="Menlo, Consolas, 'Courier New', monospace" fontSize="12px" lineHeight="1.6"
                  whiteSpace="pre-wrap" wordBreak="break-all" color="#1a1aa6" data-testid="definition-xml-content">
                  {xml.data ?? ''}
                </Box>
              )}
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" py="3">
              <Button size="sm" variant="outline" onClick={() => void copy()} disabled={!xml.data}>
                复制
              </Button>
              <Button size="sm" colorPalette="brand" onClick={onClose}>
                关闭
              </Button>
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
