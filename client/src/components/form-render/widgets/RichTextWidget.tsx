/**
 * `tinymce` (rich text) of a stored form: the app's rich-text editor loaded on demand, height
 * 300 (spec §9); read-only forms show it read-only.
 */
import { Box } from '@chakra-ui/react';
import { RichTextEditorLazy } from '../../editor/RichTextEditorLazy';
import type { WidgetProps } from './types';

export function RichTextWidget({ field, value, onChange, onBlur, disabled }: WidgetProps) {
  return (
    <Box w="100%" onBlur={onBlur}>
      <RichTextEditorLazy
        value={typeof value === 'string' ? value : ''}
        onChange={(html) => onChange(html)}
        height={Number(field.height) || 300}
        readOnly={disabled}
        testId={`rich-text-${field.__vModel__ ?? 'editor'}`}
      />
    </Box>
  );
}
