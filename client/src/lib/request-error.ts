/**
 * The request-error layer (platform spec §8, RuoYi's request.js response interceptor):
 * - appCode 401 → one confirm dialog 登录状态已过期… (系统提示, 重新登录 / 取消); re-login logs
 *   out and reloads the base path.
 * - 500 → error toast; 601 → warning toast; any other code → error notification titled with
 *   the message. Messages come from messageOf(code, server message).
 * - No reply: networkMessage() texts (后端接口连接异常, 系统接口请求超时, 系统接口{status}异常).
 */
import { TRPCClientError } from '@trpc/client';
import { confirm } from './modal/confirm';
import { msgError, msgWarning, notifyError } from './modal/toaster';
import { messageOf, networkMessage } from './error-code';

export interface RequestErrorInfo {
  /** Business code (200/401/403/500/601) or undefined for transport errors. */
  code?: number;
  message: string;
  /** True when the server was not reached or answered no tRPC error body. */
  transport: boolean;
}

const TRPC_CODE_TO_APP: Record<string, number> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INTERNAL_SERVER_ERROR: 500,
  BAD_REQUEST: 500,
};

function transportMessage(err: { message?: string; cause?: unknown; meta?: Record<string, unknown> }): string {
  const cause = err.cause as { name?: string; message?: string } | undefined;
  const name = cause?.name ?? '';
  if (name === 'TimeoutError' || name === 'AbortError' || /timed? ?out|aborted/i.test(err.message ?? '')) {
    return networkMessage({ message: 'timeout of 15000ms exceeded' });
  }
  const response = err.meta?.response as Response | undefined;
  if (response && typeof response.status === 'number' && response.status !== 200) {
    return networkMessage({ message: `Request failed with status code ${response.status}`, status: response.status });
  }
  if (name === 'TypeError' || /failed to fetch|network/i.test(err.message ?? '')) {
    return networkMessage({ message: 'Network Error' });
  }
  return err.message || networkMessage({ message: 'Network Error' });
}

/** Reads the business code and the display message out of any error a call produced. */
export function describeRequestError(error: unknown): RequestErrorInfo {
  if (error instanceof TRPCClientError) {
    const data = error.data as { appCode?: number; code?: string } | undefined | null;
    if (data && (data.appCode != null || data.code)) {
      const code = data.appCode ?? TRPC_CODE_TO_APP[data.code ?? ''] ?? 500;
      return { code, message: messageOf(code, error.message), transport: false };
    }
    const cause = error.cause as Error | undefined;
    // Errors raised on the client before sending (duplicate-submit guard) keep their own text.
    if (cause && cause.name === 'Error' && !error.meta?.response) {
      return { message: cause.message, transport: false };
    }
    return { message: transportMessage(error), transport: true };
  }
  if (error instanceof Error) return { message: error.message, transport: false };
  return { message: String(error), transport: false };
}

let reloginHandler: () => void | Promise<void> = () => {
  window.location.href = import.meta.env.BASE_URL;
};
let reloginShowing = false;

/** Registers what 重新登录 does (the user store logs out and reloads the base path). */
export function setReloginHandler(fn: () => void | Promise<void>) {
  reloginHandler = fn;
}

/** Shows the single session-expired dialog (spec §8, code 401). */
export async function showSessionExpired() {
  if (reloginShowing) return;
  reloginShowing = true;
  const ok = await confirm({
    title: '系统提示',
    message: '登录状态已过期，您可以继续留在该页面，或者重新登录',
    confirmText: '重新登录',
    cancelText: '取消',
    type: 'warning',
  });
  reloginShowing = false;
  if (ok) await reloginHandler();
}

/** Shows an error the way spec §8 says for its code. */
export function handleRequestError(error: unknown) {
  const info = describeRequestError(error);
  if (info.code === 401) {
    void showSessionExpired();
  } else if (info.code === 500 || info.code === undefined) {
    msgError(info.message);
  } else if (info.code === 601) {
    msgWarning(info.message);
  } else {
    notifyError(info.message);
  }
}
