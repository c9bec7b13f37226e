/**
 * Read-only CodeMirror 6 view of one generated file in 代码预览 (RuoYi's highlight.js `<pre>`):
 * line numbers, folding, syntax highlighting by file type (TS/TSX, JS, JSON, SQL; plain text
 * otherwise). Loaded on demand by PreviewDialog (its own chunk). The wrapper carries
 * `data-testid="gen-code"` and `data-language`.
 */
import { Box } from '@chakra-ui/react';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { sql } from '@codemirror/lang-sql';
import { bracketMatching, defaultHighlightStyle, foldGutter, syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

export type ViewerLanguage = 'typescript' | 'javascript' | 'json' | 'sql' | 'text';

function languageExtension(language: ViewerLanguage): Extension {
  if (language === 'json') return json();
  if (language === 'sql') return sql();
  if (language === 'text') return [];
  return javascript({ typescript: language === 'typescript', jsx: true });
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '12px', backgroundColor: '#fafafa' },
  '.cm-scroller': { fontFamily: "Menlo, Consolas, 'Courier New', monospace", lineHeight: '1.6' },
  '.cm-gutters': { backgroundColor: '#f3f4f6' },
  '&.cm-focused': { outline: 'none' },
});

export default function CodeViewer({ value, language, height }: { value: string; language: ViewerLanguage; height: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          languageExtension(language),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          theme,
        ],
      }),
    });
    return () => view.destroy();
  }, [value, language]);
  return <Box ref={host} h={height} borderWidth="1px" borderRadius="sm" overflow="hidden" data-testid="gen-code" data-language={language} />;
}
