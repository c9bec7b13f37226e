/**
 * Rich-text editor (platform spec §2 "Other", §5 "Rich-text image upload", §8 图片插入失败,
 * §9 height 300 / debounce 250 ms; RuoYi Editor). tiptap, bundled (no CDN). Screens should use
 * `RichTextEditorLazy` (loads this chunk on demand under a loading mask).
 *
 * Props:
 * - `value?: string | null` (HTML), `onChange?(html: string)`: called 250 ms after the last edit
 *   (and at once on blur); an empty document gives ''.
 * - `height?: number` (300): minimum height of the editing area in px.
 * - `readOnly?: boolean`, `fileSize?: number` (100 MB, image size limit),
 *   `uploadPath?: string` ('/common/upload'), `testId?: string` ('rich-text-editor').
 *
 * Toolbar: bold, italic, strike, H1-H3, bullet and ordered lists, quote, link, image, undo, redo.
 * Images: only image/jpeg, image/jpg, image/png, image/svg (else 图片格式错误!), below fileSize MB,
 * uploaded and inserted by url; a bad reply or a failure shows 图片插入失败. Stored HTML keeps plain
 * urls; the editor shows served images by their plain address, which the file cookie opens
 * (no token in any URL, issue 11 §4; issue 41 §3; served-image-node.ts). The server sanitises the HTML before
 * storing it.
 */
import { Box, Flex, IconButton, Input, Button, Popover, Separator } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { msgError } from '../../lib/modal/toaster';
import { Icon, type UiIconName } from '../Icon';
import { checkEditorImage, DEFAULT_FILE_SIZE, EDITOR_IMAGE_TYPES, UPLOAD_MESSAGES } from '../upload/rules';
import { IMAGE_UPLOAD_PATH, postUpload } from '../upload/upload-request';
import { ServedImageNode } from './served-image-node';

export interface RichTextEditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  height?: number;
  readOnly?: boolean;
  fileSize?: number;
  uploadPath?: string;
  testId?: string;
}

/** Debounce of onChange (spec §9). */
export const EDITOR_DEBOUNCE_MS = 250;

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

function Tool({ label, icon, text, active, disabled, onClick }: {
  label: string; icon?: UiIconName; text?: ReactNode; active?: boolean; disabled?: boolean; onClick: () => void;
}) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="xs"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      fontWeight="bold"
    >
      {icon ? <Icon name={icon} /> : text}
    </IconButton>
  );
}

function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (url) chain.setLink({ href: url }).run();
    else chain.unsetLink().run();
    setOpen(false);
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) setHref(String(editor.getAttributes('link').href ?? ''));
      }}
      positioning={{ strategy: 'fixed' }}
    >
      <Popover.Trigger asChild>
        <IconButton aria-label="链接" title="链接" size="xs" variant={active ? 'subtle' : 'ghost'} colorPalette={active ? 'brand' : 'gray'}>
          <Icon name="link" />
        </IconButton>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content w="320px">
          <Popover.Body p="2">
            <Flex gap="2">
              <Input size="xs" placeholder="https://" value={href} onChange={(e) => setHref(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && apply()} aria-label="链接地址" />
              <Button size="xs" colorPalette="brand" onClick={apply}>
                确定
              </Button>
            </Flex>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

export function RichTextEditor({
  value, onChange, height = 300, readOnly = false, fileSize = DEFAULT_FILE_SIZE, uploadPath = IMAGE_UPLOAD_PATH,
  testId = 'rich-text-editor',
}: RichTextEditorProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  const emitted = useRef<string | null>(value ?? '');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const fileInput = useRef<HTMLInputElement>(null);

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (pending.current !== null) {
      emitted.current = pending.current;
      const html = pending.current;
      pending.current = null;
      onChangeRef.current?.(html);
    }
  };

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } }), ServedImageNode],
    content: value ?? '',
    editable: !readOnly,
    immediatelyRender: true,
    onUpdate: ({ editor: ed }) => {
      pending.current = htmlOf(ed);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, EDITOR_DEBOUNCE_MS);
    },
    onBlur: () => flush(),
  });

  // Flush on unmount so a form submitted right after typing gets the text.
  useEffect(() => () => flush(), []); // eslint-disable-line react-hooks/exhaustive-deps

  // Outside changes (form reset, loaded record) replace the content; our own echoes do not.
  useEffect(() => {
    const next = value ?? '';
    if (!editor || next === emitted.current || next === htmlOf(editor)) return;
    emitted.current = next;
    pending.current = null;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [value, editor]);

  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [readOnly, editor]);

  const state = useEditorState({
    editor,
    selector: ({ editor: ed }) => ({
      bold: ed.isActive('bold'),
      italic: ed.isActive('italic'),
      strike: ed.isActive('strike'),
      h1: ed.isActive('heading', { level: 1 }),
      h2: ed.isActive('heading', { level: 2 }),
      h3: ed.isActive('heading', { level: 3 }),
      bullet: ed.isActive('bulletList'),
      ordered: ed.isActive('orderedList'),
      quote: ed.isActive('blockquote'),
      link: ed.isActive('link'),
      canUndo: ed.can().undo(),
      canRedo: ed.can().redo(),
    }),
  });

  const insertImage = async (file: File) => {
    const err = checkEditorImage(file, fileSize);
    if (err) return msgError(err);
    try {
      const out = await postUpload(uploadPath, file);
      if (!out.ok) return msgError(UPLOAD_MESSAGES.editorInsertFailed);
      editor.chain().focus().setImage({ src: out.url, alt: out.originalFilename }).run();
    } catch {
      msgError(UPLOAD_MESSAGES.editorInsertFailed);
    }
  };

  const run = (fn: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => fn(editor.chain().focus()).run();

  return (
    <Box borderWidth="1px" borderRadius="sm" bg="white" data-testid={testId}>
      {!readOnly && (
        <Flex gap="0.5" p="1" borderBottomWidth="1px" wrap="wrap" align="center" bg="#fafafa" role="toolbar" aria-label="编辑工具栏">
          <Tool label="加粗" text="B" active={state.bold} onClick={run((c) => c.toggleBold())} />
          <Tool label="斜体" text={<i>I</i>} active={state.italic} onClick={run((c) => c.toggleItalic())} />
          <Tool label="删除线" text={<s>S</s>} active={state.strike} onClick={run((c) => c.toggleStrike())} />
          <Separator orientation="vertical" h="4" mx="1" />
          <Tool label="标题1" text="H1" active={state.h1} onClick={run((c) => c.toggleHeading({ level: 1 }))} />
          <Tool label="标题2" text="H2" active={state.h2} onClick={run((c) => c.toggleHeading({ level: 2 }))} />
          <Tool label="标题3" text="H3" active={state.h3} onClick={run((c) => c.toggleHeading({ level: 3 }))} />
          <Separator orientation="vertical" h="4" mx="1" />
          <Tool label="无序列表" icon="list-ul" active={state.bullet} onClick={run((c) => c.toggleBulletList())} />
          <Tool label="有序列表" icon="list-ol" active={state.ordered} onClick={run((c) => c.toggleOrderedList())} />
          <Tool label="引用" text="❝" active={state.quote} onClick={run((c) => c.toggleBlockquote())} />
          <LinkTool editor={editor} active={state.link} />
          <Tool label="图片" icon="image" onClick={() => fileInput.current?.click()} />
          <Separator orientation="vertical" h="4" mx="1" />
          <Tool label="撤销" icon="undo" disabled={!state.canUndo} onClick={run((c) => c.undo())} />
          <Tool label="重做" icon="redo" disabled={!state.canRedo} onClick={run((c) => c.redo())} />
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={EDITOR_IMAGE_TYPES.join(',')}
            data-testid="editor-image-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void insertImage(file);
            }}
          />
        </Flex>
      )}
      <Box
        px="3"
        py="2"
        cursor="text"
        onClick={() => editor.commands.focus()}
        css={{
          '& .ProseMirror': { minHeight: `${height}px`, outline: 'none', fontSize: '14px', lineHeight: '1.6' },
          '& .ProseMirror p': { margin: '0.25em 0' },
          '& .ProseMirror h1': { fontSize: '2em', fontWeight: 'bold', margin: '0.5em 0' },
          '& .ProseMirror h2': { fontSize: '1.5em', fontWeight: 'bold', margin: '0.5em 0' },
          '& .ProseMirror h3': { fontSize: '1.17em', fontWeight: 'bold', margin: '0.5em 0' },
          '& .ProseMirror ul': { listStyleType: 'disc', paddingLeft: '1.5em' },
          '& .ProseMirror ol': { listStyleType: 'decimal', paddingLeft: '1.5em' },
          '& .ProseMirror blockquote': { borderLeft: '4px solid #dcdfe6', paddingLeft: '1em', color: '#606266' },
          '& .ProseMirror a': { color: '#409EFF', textDecoration: 'underline' },
          '& .ProseMirror img': { maxWidth: '100%', display: 'inline-block' },
          '& .ProseMirror img.ProseMirror-selectednode': { outline: '2px solid #409EFF' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

export default RichTextEditor;
