/**
 * `CodeEditorLazy`: the CodeMirror code editor loaded on demand (spec §2 "Form designer": the code
 * editor is loaded on demand with a loading mask; bundled into its own chunk, no CDN). Same props
 * as CodeEditor. While the chunk loads, a box of the editor's height shows a spinner and 加载中…
 * (`data-testid="code-editor-loading"`).
 */
import { Flex, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeEditor';

export type { CodeEditorProps, CodeLanguage } from './CodeEditor';

const Editor = lazy(() => import('./CodeEditor'));

function EditorLoading({ height }: { height: number | string }) {
  return (
    <Flex
      h={typeof height === 'number' ? `${height}px` : height}
      borderWidth="1px"
      borderRadius="sm"
      bg="blackAlpha.50"
      align="center"
      justify="center"
      gap="2"
      color="fg.muted"
      data-testid="code-editor-loading"
    >
      <Spinner size="sm" />
      <Text fontSize="sm">加载中…</Text>
    </Flex>
  );
}

/** The code editor behind React.lazy with its loading box (see the module comment). */
export function CodeEditorLazy(props: CodeEditorProps) {
  return (
    <Suspense fallback={<EditorLoading height={props.height ?? 400} />}>
      <Editor {...props} />
    </Suspense>
  );
}
