/**
 * The designer toolbar's code buttons (spec §2 "Form designer": code generation run / download /
 * copy and the JSON view drawer; reference §7 form-generator's 运行 / 查看json / 导出vue文件 /
 * 复制代码 — our export is a React .tsx file, hence 导出文件).
 *
 * 运行, 导出文件 and 复制代码 first open the generation-type dialog (GenerateTypeDialog); then 运行
 * opens the run drawer (RunDrawer), 导出文件 downloads `<fileName>.tsx`, 复制代码 copies the
 * generated file (代码已复制到剪切板，可粘贴。 / 代码复制失败). 查看json opens the JSON drawer
 * (JsonDrawer) whose 刷新 calls `props.onJsonRefresh(conf)`.
 * Test ids: `code-actions`, `code-run`, `code-json`, `code-download`, `code-copy` (+ those of the
 * dialog and drawers).
 */
import { Button, chakra, Flex } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { FormConf } from '../../../components/form-render';
import type { CodeActionsProps } from '../types';
import { copyCode, downloadText, withExtension } from './actions';
import { generateFormFile, type GenerateOptions } from './generate';
import { GenerateTypeDialog } from './GenerateTypeDialog';
import { JsonDrawer } from './JsonDrawer';
import { RunDrawer } from './RunDrawer';

type Action = 'run' | 'download' | 'copy';

const ICONS: Record<Action | 'json', ReactNode> = {
  run: <path d="M7 4l13 8-13 8z" />,
  json: <path d="M8 4H6a2 2 0 0 0-2 2v4l-2 2 2 2v4a2 2 0 0 0 2 2h2M16 4h2a2 2 0 0 1 2 2v4l2 2-2 2v4a2 2 0 0 1-2 2h-2" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  copy: <path d="M9 9h11v11H9zM5 15H4V4h11v1" />,
};

function ActionButton({ icon, label, testId, onClick }: { icon: keyof typeof ICONS; label: string; testId: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" colorPalette="brand" px="2" onClick={onClick} data-testid={testId}>
      <chakra.svg viewBox="0 0 24 24" w="1em" h="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
        {ICONS[icon]}
      </chakra.svg>
      {label}
    </Button>
  );
}

/** The four code buttons with their dialog and drawers (see the module comment). */
export function CodeActions({ conf, onJsonRefresh }: CodeActionsProps) {
  const [asking, setAsking] = useState<Action | null>(null);
  const [running, setRunning] = useState<{ conf: FormConf; choice: GenerateOptions } | null>(null);
  const [jsonOpen, setJsonOpen] = useState(false);

  const onChoice = (choice: GenerateOptions) => {
    const action = asking;
    setAsking(null);
    if (action === 'run') setRunning({ conf, choice });
    else if (action === 'download') downloadText(generateFormFile(conf, choice), withExtension(choice.fileName, 'tsx'));
    else if (action === 'copy') void copyCode(generateFormFile(conf, choice));
  };

  return (
    <Flex gap="0.5" align="center" data-testid="code-actions">
      <ActionButton icon="run" label="运行" testId="code-run" onClick={() => setAsking('run')} />
      <ActionButton icon="json" label="查看json" testId="code-json" onClick={() => setJsonOpen(true)} />
      <ActionButton icon="download" label="导出文件" testId="code-download" onClick={() => setAsking('download')} />
      <ActionButton icon="copy" label="复制代码" testId="code-copy" onClick={() => setAsking('copy')} />
      {asking && <GenerateTypeDialog onConfirm={onChoice} onClose={() => setAsking(null)} />}
      {running && <RunDrawer conf={running.conf} choice={running.choice} onClose={() => setRunning(null)} />}
      {jsonOpen && <JsonDrawer conf={conf} onRefresh={onJsonRefresh} onClose={() => setJsonOpen(false)} />}
    </Flex>
  );
}
