/**
 * The side effects and small pure helpers of the code actions (spec §2 "Form designer": code
 * generation run / download / copy, JSON drawer refresh / copy / export; spec §5 JSON refresh →
 * 'JSON格式错误，请检查'; spec §8 copy failure → '代码复制失败').
 */
import { UNSAFE_KEYS } from '../../../../../shared/form';
import { msgError, msgSuccess } from '../../../lib/modal/toaster';
import { saveBlob } from '../../../lib/download';
import type { FormConf } from '../../../components/form-render';

/** Spec messages of the code actions. */
export const CODE_MESSAGES = {
  copied: '代码已复制到剪切板，可粘贴。',
  copyFailed: '代码复制失败',
  badJson: 'JSON格式错误，请检查',
  typeRequired: '生成类型不能为空',
  fileNameRequired: '请输入文件名',
} as const;

/** A default file name like form-generator's: the current timestamp, e.g. '1718000000000.tsx'. */
export function timestampName(ext: string, now = Date.now()): string {
  return `${now}.${ext}`;
}

/** The file name with the extension `ext` ('表单' → '表单.tsx', 'a.tsx' stays); blank → a timestamp name. */
export function withExtension(name: string, ext: string): string {
  const base = String(name ?? '').trim();
  if (!base) return timestampName(ext);
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/**
 * The JSON drawer's text → a form, or null when it is not JSON, not an object with a `fields`
 * array, or holds a `__proto__` / `constructor` / `prototype` key anywhere.
 */
export function parseJsonConf(text: string): FormConf | null {
  try {
    const value: unknown = JSON.parse(text, (key, v) => {
      if (UNSAFE_KEYS.has(key)) throw new Error('unsafe key');
      return v;
    });
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return Array.isArray((value as { fields?: unknown }).fields) ? (value as FormConf) : null;
  } catch {
    return null;
  }
}

/** Copies `text` with navigator.clipboard: 代码已复制到剪切板，可粘贴。 or 代码复制失败. Resolves whether it worked. */
export async function copyCode(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    msgSuccess(CODE_MESSAGES.copied);
    return true;
  } catch {
    msgError(CODE_MESSAGES.copyFailed);
    return false;
  }
}

/** Saves `text` as a file named `fileName` (a Blob through a temporary <a download>). */
export function downloadText(text: string, fileName: string, mime = 'text/plain;charset=utf-8'): void {
  saveBlob(new Blob([text], { type: mime }), fileName);
}
