/**
 * The confirm / alert dialogs of confirm.tsx, loaded the first time one opens.
 */
import { Box, Button, Dialog, Portal } from '@chakra-ui/react';
import { closeConfirm, type Pending } from './confirm';

const ICON_COLOR = { warning: 'orange.500', info: 'blue.500', error: 'red.500', success: 'green.500' };

/** Renders the open dialogs (loaded by ConfirmHost the first time one opens). */
export default function ConfirmDialogs({ list }: { list: Pending[] }) {
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
          onOpenChange={(e) => !e.open && closeConfirm(item, false)}
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
                    <Button size="sm" variant="outline" onClick={() => closeConfirm(item, false)}>
                      {item.cancelText ?? '取消'}
                    </Button>
                  )}
                  <Button size="sm" colorPalette="brand" onClick={() => closeConfirm(item, true)}>
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
