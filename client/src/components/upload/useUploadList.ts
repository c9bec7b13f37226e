/**
 * State shared by FileUpload and ImageUpload (RuoYi FileUpload / ImageUpload): the comma-joined
 * url list, the hidden file input, the count / format / size checks, posting each valid file to
 * `action` under a loading mask, and 删除 of one url.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { openLoading } from '../../lib/modal/loading-mask';
import { msgError } from '../../lib/modal/toaster';
import { checkCount, joinUrls, splitUrls } from './rules';
import { postUpload } from './upload-request';

/** A file just uploaded: its stored url and the name it had on the user's disk (the reply's `originalFilename`). */
export interface UploadedName {
  url: string;
  name: string;
}

/**
 * Options of `useUploadList`; `check` returns an error text for a file that may not be sent.
 * `onChange` gets the new comma-joined urls and, after an upload, the files just added.
 */
export interface UploadListOptions {
  value?: string | null;
  onChange: (value: string, uploaded?: UploadedName[]) => void;
  limit: number;
  action: string;
  check: (file: File) => string | null;
  /** Loading mask text and the fallback error text (file or image wording). */
  uploadingText: string;
  failedText: string;
}

/**
 * Upload list state: `urls`, `busy`, `remove(i)`, `openPicker()`
 * and `inputProps` to spread on the hidden `<input type="file">` (add `accept` and a test id).
 */
export function useUploadList({ value, onChange, limit, action, check, uploadingText, failedText }: UploadListOptions) {
  const urls = splitUrls(value);
  const latest = useRef(urls);
  latest.current = urls;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (files: File[]) => {
    const exceed = checkCount(latest.current.length, files.length, limit);
    if (exceed) return msgError(exceed);
    const valid = files.filter((f) => {
      const err = check(f);
      if (err) msgError(err);
      return !err;
    });
    if (valid.length === 0) return;
    const close = openLoading(uploadingText);
    setBusy(true);
    const added: UploadedName[] = [];
    try {
      for (const file of valid) {
        try {
          const out = await postUpload(action, file);
          if (out.ok) added.push({ url: out.url, name: out.originalFilename || file.name });
          else msgError(out.message || failedText);
        } catch {
          msgError(failedText);
        }
      }
    } finally {
      close();
      setBusy(false);
    }
    if (added.length > 0) onChange(joinUrls([...latest.current, ...added.map((a) => a.url)]), added);
  };

  return {
    urls,
    busy,
    remove: (i: number) => onChange(joinUrls(urls.filter((_, j) => j !== i))),
    openPicker: () => input.current?.click(),
    inputProps: {
      ref: input,
      type: 'file' as const,
      hidden: true,
      multiple: limit !== 1,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        if (files.length) void upload(files);
      },
    },
  };
}
