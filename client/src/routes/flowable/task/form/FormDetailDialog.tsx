/**
 * 表单详情 dialog (RuoYi-flowable form list 详情: the stored form rendered by the Parser, up to
 * 900 px wide). Loads the form, parses its JSON (a bad one shows 'JSON格式错误，请检查') and previews it
 * with FormRenderer, buttons included; 提交 shows the submitted values below.
 */
import { Box, Center, Code, EmptyState, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AppDialog } from '../../../../components/feedback/AppDialog';
import { FormRenderer, parseFormContent, type FormConf } from '../../../../components/form-render';
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
    <AppDialog title={formName || '表单详情'} width="900px" testId="form-detail-dialog" onClose={onClose} footer={null} closeOnBackdrop>
      {body}
    </AppDialog>
  );
}
