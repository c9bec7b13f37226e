/**
 * 表单详情 dialog (RuoYi-flowable form list 详情: the stored form rendered by the Parser, 60%
 * wide). Loads the form, parses its JSON (a bad one shows 'JSON格式错误，请检查') and previews it
 * with FormRenderer, buttons included; 提交 shows the submitted values below.
 */
import { Box, Center, CloseButton, Code, Dialog, EmptyState, Portal, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormRenderer, parseFormContent, type FormConf } from '../../../../features/form-render';
import { useTRPC } from '../../../../lib/trpc';

function parse(text: string | null | undefined): { conf?: FormConf; error?: string } {
  if (!text || !text.trim()) return {};
  try {
    return { conf: parseFormContent(text) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export function FormDetailDialog({ formId, formName, onClose }: { formId: number; formName: string; onClose: () => void }) {
  const trpc = useTRPC();
  const stored = useQuery({ ...trpc.flowable.form.get.queryOptions({ formId }), gcTime: 0 });
  const parsed = useMemo(() => parse(stored.data?.formContent), [stored.data?.formContent]);
  const [submitted, setSubmitted] = useState<Record<string, unknown> | null>(null);

  let body;
  if (stored.isLoading) {
    body = (
      <Center minH="200px">
        <Spinner color="brand.solid" />
      </Center>
    );
  } else if (parsed.error) {
    body = <Text color="fg.error" data-testid="form-detail-error">{parsed.error}</Text>;
  } else if (!parsed.conf || parsed.conf.fields.length === 0) {
    body = (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Description>该表单暂无内容</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    body = (
      <>
        <FormRenderer conf={parsed.conf} onSubmit={(r) => setSubmitted(r.valData)} testId="form-detail-renderer" />
        {submitted && (
          <Box mt="4" p="3" bg="bg.muted" borderRadius="sm" data-testid="form-detail-submitted">
            <Text fontSize="sm" fontWeight="bold" mb="1">
              提交的数据
            </Text>
            <Code display="block" whiteSpace="pre-wrap" fontSize="xs" bg="transparent">
              {JSON.stringify(submitted, null, 2)}
            </Code>
          </Box>
        )}
      </>
    );
  }

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="top" scrollBehavior="outside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="900px" w="60%" minW="min(640px, 96vw)" data-testid="form-detail-dialog">
            <Dialog.Header>
              <Dialog.Title fontSize="md">{formName || '表单详情'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{body}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
