/**
 * The one dialog frame of the app (RuoYi's el-dialog: title, × in the corner, body, footer; the
 * widths of platform spec §9 and the screens of §2-§7 are passed in). Every dialog builds on these:
 *
 * - `AppDialog`: the frame. `footer` defaults to a 关 闭 button; `footer={null}` drops the footer.
 *   A backdrop click does not close it unless `closeOnBackdrop` (el-dialog
 *   `:close-on-click-modal="false"` in RuoYi's forms). `width` is the max width (px or %); on a narrow
 *   window the dialog keeps 16 px from each side. `scroll="inside"` scrolls the body instead of the
 *   page. The body mounts only while open (Chakra's dialog default), so a closed dialog leaves
 *   nothing in the page.
 *   `placement` is `top` for forms and `center` for pickers, previews and imports.
 * - `FormDialog`: the frame with 确 定 / 取 消 when `onSubmit` is given (`pending` shows 确 定's
 *   spinner), else 关 闭. `loading` (an edit dialog whose record is still on its way) shows a
 *   spinner in place of the fields and greys out 确 定, so nothing typed or saved before the record
 *   arrives is overwritten by it (RuoYi's forms open only after `getXxx` answers). The dialogs
 *   put the record into their fields in a layout effect, which React runs before the browser
 *   paints: the empty fields never show between the spinner and the record.
 */
import { Button, Center, CloseButton, Dialog, Portal, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFooterButtons } from './DialogFooterButtons';

export interface AppDialogProps {
  /** Open state; dialogs mounted only while shown leave it out. */
  open?: boolean;
  title: ReactNode;
  /** Max width, e.g. `500px` (the RuoYi form default). */
  width?: string;
  testId?: string;
  onClose: () => void;
  /** Footer content; default 关 闭, `null` for none. */
  footer?: ReactNode;
  closeOnBackdrop?: boolean;
  scroll?: 'outside' | 'inside';
  /** `top` (the form dialogs, as el-dialog) or `center` (pickers, previews, imports). */
  placement?: 'top' | 'center';
  children: ReactNode;
}

export function AppDialog({
  open = true, title, width = '500px', testId, onClose, footer, closeOnBackdrop = false, scroll = 'outside', placement = 'top', children,
}: AppDialogProps) {
  const foot = footer === undefined ? (
    <Button size="sm" variant="outline" onClick={onClose}>
      关 闭
    </Button>
  ) : footer;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      closeOnInteractOutside={closeOnBackdrop}
      placement={placement}
      scrollBehavior={scroll}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={width} w="calc(100vw - 32px)" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title fontSize="md">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb={foot === null ? '6' : undefined}>{children}</Dialog.Body>
            {foot !== null && <Dialog.Footer>{foot}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface FormDialogProps extends Omit<AppDialogProps, 'footer'> {
  /** 确 定; without it the footer is 关 闭 (a read-only dialog). */
  onSubmit?: () => void;
  /** The save is running: 确 定 shows its spinner. */
  pending?: boolean;
  /** The record being edited has not arrived: a spinner replaces the fields, 确 定 is greyed out. */
  loading?: boolean;
}

export function FormDialog({ onSubmit, pending, loading, onClose, children, ...rest }: FormDialogProps) {
  return (
    <AppDialog
      {...rest}
      onClose={onClose}
      footer={onSubmit ? <DialogFooterButtons onConfirm={onSubmit} onCancel={onClose} loading={pending} disabled={loading} /> : undefined}
    >
      {loading ? <DialogLoading /> : children}
    </AppDialog>
  );
}

/** The body of a dialog whose data has not arrived: a spinner and 加载中 (testid `dialog-loading`). */
export function DialogLoading() {
  return (
    <Center py="8" gap="2" data-testid="dialog-loading" aria-busy="true">
      <Spinner size="sm" color="brand.solid" />
      <Text fontSize="sm" color="fg.muted">
        加载中
      </Text>
    </Center>
  );
}
