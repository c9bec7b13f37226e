/**
 * Imperative confirm and alert dialogs (RuoYi's $modal.confirm / $alert), rendered by one
 * <ConfirmHost/> near the root. Titles default to 系统提示 (spec §8). The dialogs themselves
 * (confirm-dialogs.tsx) are loaded the first time one opens, so the login page does not carry
 * them (issue 15).
 */
import { lazy, Suspense } from 'react';
import { createStore, useStore } from '../store';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  /** `null` hides the cancel button (alert). */
  cancelText?: string | null;
  type?: 'warning' | 'info' | 'error' | 'success';
}

export interface Pending extends ConfirmOptions {
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

/** Closes a dialog with the user's answer. */
export function closeConfirm(item: Pending, ok: boolean) {
  dialogs.set((s) => ({ list: s.list.filter((d) => d.id !== item.id) }));
  item.resolve(ok);
}

const ConfirmDialogs = lazy(() => import('./confirm-dialogs'));

/** Renders the open dialogs. */
export function ConfirmHost() {
  const { list } = useStore(dialogs);
  if (list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogs list={list} />
    </Suspense>
  );
}
