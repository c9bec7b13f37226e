/**
 * The panel's dialogs frame (workflow spec §2: listener dialogs 900 px wide; §4 "Designer
 * dialogs": the table dialogs close only after their tables validate, so 确 定 calls `onConfirm`
 * and the caller closes). Backdrop clicks do not close it (RuoYi el-dialog).
 */
import { Button, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppDialog } from '../../../components/feedback/AppDialog';
import { DialogFooterButtons } from '../../../components/feedback/DialogFooterButtons';

export function DialogShell({ open, title, width = '600px', testId, onClose, onConfirm, extraFooter, children }: {
  open: boolean;
  title: string;
  width?: string;
  testId?: string;
  onClose: () => void;
  onConfirm: () => void;
  /** Buttons on the footer's left (e.g. 内置监听器). */
  extraFooter?: ReactNode;
  children: ReactNode;
}) {
  const footer = (
    <Flex w="full" justify="space-between">
      <span>{extraFooter}</span>
      <Flex gap="2">
        <DialogFooterButtons onConfirm={onConfirm} onCancel={onClose} />
      </Flex>
    </Flex>
  );
  return (
    <AppDialog open={open} title={title} width={width} testId={testId} onClose={onClose} footer={footer} scroll="inside">
      {children}
    </AppDialog>
  );
}

/** Small "编辑" / "添加" style button used in the panel sections. */
export function PanelButton({ children, onClick, testId, variant = 'outline' }: { children: ReactNode; onClick: () => void; testId?: string; variant?: 'outline' | 'solid' }) {
  return (
    <Button size="xs" variant={variant} colorPalette="brand" onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
