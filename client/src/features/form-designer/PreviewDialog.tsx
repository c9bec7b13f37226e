/**
 * 预览 of the designed form: the real FormRenderer over `conf` in a centred dialog (900 px,
 * scrolling inside). 提交 validates as the running form does; a valid submission shows
 * 校验通过 and the submitted values (`valData`) below the form; 重置 clears them.
 * Props: `conf`, `onClose`. Test ids: `designer-preview`, `designer-preview-values`.
 */
import { Box, Code, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/feedback/AppDialog';
import { msgSuccess } from '../../lib/modal/toaster';
import { FormRenderer, type FormConf } from '../../components/form-render';

/** The 预览 dialog (see the file comment). */
export function PreviewDialog({ conf, onClose }: { conf: FormConf; onClose: () => void }) {
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  return (
    <AppDialog title="预览" width="900px" placement="center" scroll="inside" testId="designer-preview" onClose={onClose}>
      <Box minH="120px">
        {conf.fields.length ? (
          <FormRenderer
            conf={{ ...conf, formBtns: true }}
            testId="designer-preview-form"
            onSubmit={(r) => {
              setValues(r.valData);
              msgSuccess('校验通过');
            }}
          />
        ) : (
          <Text color="fg.muted" textAlign="center" py="8">
            表单中没有组件
          </Text>
        )}
        {values && (
          <Box mt="4" data-testid="designer-preview-values">
            <Text fontSize="sm" fontWeight="bold" mb="1">
              提交的数据
            </Text>
            <Code as="pre" display="block" whiteSpace="pre-wrap" fontSize="xs" p="2" w="100%">
              {JSON.stringify(values, null, 2)}
            </Code>
          </Box>
        )}
      </Box>
    </AppDialog>
  );
}
