/**
 * `CodeEditor`: a CodeMirror 6 code editor (spec §2 "Form designer": the code editor of the JSON
 * and run drawers, loaded on demand through CodeEditorLazy; bundled, no CDN). Line numbers,
 * undo history, bracket matching, indentation on input, syntax highlighting, code folding.
 *
 * Props: `value` (the text; a changed prop replaces the document unless it equals it), `onChange`
 * (each edit, with the whole text), `language` ('json' | 'javascript' | 'typescript' = TSX),
 * `readOnly`, `height` (px or any CSS length; default 400px), `testId` (on the wrapper; the
 * wrapper also carries `data-ready` once the view exists).
 */
import { Box } from '@chakra-ui/react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';

/** The languages the editor highlights. */
export type CodeLanguage = 'json' | 'javascript' | 'typescript';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language?: CodeLanguage;
  readOnly?: boolean;
  height?: number | string;
  testId?: string;
}

function languageExtension(language: CodeLanguage): Extension {
  if (language === 'json') return json();
  return javascript({ jsx: true, typescript: language === 'typescript' });
}

function readOnlyExtension(readOnly: boolean): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '12px', backgroundColor: '#fff' },
  '.cm-scroller': { fontFamily: "Menlo, Consolas, 'Courier New', monospace", lineHeight: '1.6' },
  '&.cm-focused': { outline: 'none' },
});

/** The editor; see the module comment for the props. */
export function CodeEditor({ value, onChange, language = 'javascript', readOnly = false, height = 400, testId = 'code-editor' }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const langSlot = useRef(new Compartment());
  const readSlot = useRef(new Compartment());
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        foldGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
        langSlot.current.of(languageExtension(language)),
        readSlot.current.of(readOnlyExtension(readOnly)),
        theme,
        EditorView.updateListener.of((u) => {
          if (u.docChanged) change.current?.(u.state.doc.toString());
        }),
      ],
    });
    const v = new EditorView({ state, parent: host.current! });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The view is created once; the props below are pushed into it by the other effects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current !== value) v.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: langSlot.current.reconfigure(languageExtension(language)) });
  }, [language]);

  useEffect(() => {
    view.current?.dispatch({ effects: readSlot.current.reconfigure(readOnlyExtension(readOnly)) });
  }, [readOnly]);

  return (
    <Box
      ref={host}
      h={typeof height === 'number' ? `${height}px` : height}
      borderWidth="1px"
      borderRadius="sm"
      overflow="hidden"
      data-testid={testId}
      data-readonly={readOnly ? '' : undefined}
    />
  );
}

export default CodeEditor;
