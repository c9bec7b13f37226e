/**
 * `RichTextEditorLazy`: the rich-text editor loaded on demand (platform spec §9: loaded on demand
 * with a loading mask; bundled, no CDN). Same props as RichTextEditor (value, onChange, height,
 * readOnly, fileSize, uploadPath, testId). While the chunk loads, the loading mask shows
 * 正在加载编辑器，请稍候... over a placeholder of the editor's height.
 */
import { Box } from '@chakra-ui/react';
import { lazy, Suspense, useEffect } from 'react';
import { openLoading } from '../../lib/modal/loading-mask';
import type { RichTextEditorProps } from './RichTextEditor';

export type { RichTextEditorProps } from './RichTextEditor';

const Editor = lazy(() => import('./RichTextEditor'));

function EditorLoading({ height }: { height: number }) {
  useEffect(() => openLoading('正在加载编辑器，请稍候...'), []);
  return <Box borderWidth="1px" borderRadius="sm" minH={`${height + 40}px`} bg="white" data-testid="rich-text-editor-loading" />;
}

export function RichTextEditorLazy(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading height={props.height ?? 300} />}>
      <Editor {...props} />
    </Suspense>
  );
}
