/**
 * Imperative confirm and alert dialogs (RuoYi's $modal.confirm / $alert), rendered by one
 * <ConfirmHost/> near the root. Titles default to 系统提示 (spec §8).
 */
import { Box, Button, Dialog, Portal } from '@chakra-ui/react';
import { createStore, useStore } from '../../lib/store';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  /** `null` hides the cancel button (alert). */
  cancelText?: string | null;
  type?: 'warning' | 'info' | 'error' | 'success';
}

interface Pending extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

const dialogs = createStore<{ list: Pending[] }>({ list: [] });
let seq = 0;

/** Opens a confirm dialog; resolves true on confirm, false on cancel or close. */
export function confirm(options: ConfirmOptions | string): Promise<boolean> {
  const opts = typeof options === 'string' ? { message: options } : options;
  return new Promise((resolve) => {
    const id = ++seq;
    dialogs.set((s) => ({ list: [...s.list, { ...opts, id, resolve }] }));
  });
}

/** Opens an alert with a single 确定 button; resolves when closed. */
export async function alertDialog(message: string, title = '系统提示'): Promise<void> {
  await confirm({ title, message, cancelText: null, type: 'info' });
}

function close(item: Pending, ok: boolean) {
  dialogs.set((s) => ({ list: s.list.filter((d) => d.id !== item.id) }));
  item.resolve(ok);
}

const ICON_COLOR = { warning: 'orange.500', info: 'blue.500', error: 'red.500', success: 'green.500' };

/** Renders the open dialogs. */
export function ConfirmHost() {
  const { list } = useStore(dialogs);
  return (
    <>
      {list.map((item) => (
        <Dialog.Root
          key={item.id}
          open
          role="alertdialog"
          size="sm"
          placement="center"
          closeOnInteractOutside={false}
          onOpenChange={(e) => !e.open && close(item, false)}
        >
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content data-testid="confirm-dialog">
                <Dialog.Header>
                  <Dialog.Title fontSize="md">{item.title ?? '系统提示'}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body display="flex" gap="2" alignItems="flex-start">
                  <Box
                    as="span"
                    flexShrink={0}
                    mt="0.5"
                    w="4"
                    h="4"
                    borderRadius="full"
                    bg={ICON_COLOR[item.type ?? 'warning']}
                    color="white"
                    fontSize="xs"
                    textAlign="center"
                    lineHeight="4"
                  >
                    !
                  </Box>
                  <Box whiteSpace="pre-wrap">{item.message}</Box>
                </Dialog.Body>
                <Dialog.Footer>
                  {item.cancelText !== null && (
                    <Button size="sm" variant="outline" onClick={() => close(item, false)}>
                      {item.cancelText ?? '取消'}
                    </Button>
                  )}
                  <Button size="sm" colorPalette="brand" onClick={() => close(item, true)}>
                    {item.confirmText ?? '确定'}
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ))}
    </>
  );
}
