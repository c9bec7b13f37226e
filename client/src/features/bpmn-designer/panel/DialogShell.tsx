/**
 * The panel's dialogs frame (workflow spec §2: listener dialogs 900 px wide; §4 "Designer
 * dialogs": the table dialogs close only after their tables validate, so 确 定 calls `onConfirm`
 * and the caller closes). Backdrop clicks do not close it (RuoYi el-dialog).
 */
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} closeOnInteractOutside={false} placement="top" scrollBehavior="inside" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={width} w={width} data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title fontSize="md">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <span>{extraFooter}</span>
              <span style={{ display: 'flex', gap: 8 }}>
                <DialogFooterButtons onConfirm={onConfirm} onCancel={onClose} />
              </span>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
