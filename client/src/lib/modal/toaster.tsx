/**
 * Toasts (RuoYi's $message: short messages at the top) and notifications (RuoYi's
 * $notify: titled cards at the top right). Render <AppToasters/> once near the root.
 * lib/modal is RuoYi's $modal plugin (toasts, confirm, loading mask): in lib, the client's floor,
 * because any layer raises them, the request-error layer (lib/request-error.ts) included.
 */
import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';

/** Short messages shown at the top centre. */
export const messageToaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });
/** Titled notifications shown at the top right. */
export const notifyToaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 5 });

type Kind = 'success' | 'error' | 'warning' | 'info';

function message(type: Kind, text: string, duration = 3000) {
  messageToaster.create({ type, title: text, duration, closable: false });
}

/** Success message toast. */
export const msgSuccess = (text: string) => message('success', text);
/** Error message toast. */
export const msgError = (text: string) => message('error', text, 5000);
/** Warning message toast. */
export const msgWarning = (text: string) => message('warning', text);
/** Info message toast. */
export const msgInfo = (text: string) => message('info', text);

/** Error notification titled with `title` (spec §8: codes other than 401/500/601). */
export function notifyError(title: string, description?: string) {
  notifyToaster.create({ type: 'error', title, description, duration: 4500, closable: true });
}

function ToastList({ toaster, width }: { toaster: typeof messageToaster; width: string }) {
  return (
    <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: width }} data-testid="toast" py="2.5" px="4" alignItems="center">
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title fontWeight="normal">{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
          </Stack>
          {toast.closable && <Toast.CloseTrigger aria-label="关闭" />}
        </Toast.Root>
      )}
    </Toaster>
  );
}

/** Mount point of both toasters. */
export function AppToasters() {
  return (
    <Portal>
      <ToastList toaster={messageToaster} width="auto" />
      <ToastList toaster={notifyToaster} width="sm" />
    </Portal>
  );
}
