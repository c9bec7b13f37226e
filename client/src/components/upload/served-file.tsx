/**
 * Stored files shown or opened without a token in any URL (issue 11 §4): files under the API
 * prefix (`/caishui-api/profile/**`) are fetched with the `Authorization` header and shown through
 * a `blob:` URL, revoked when the address changes or the user of it goes away. Other addresses
 * (http…, data:, blob:) are used as they are.
 *
 * - `fetchServedObjectUrl(url, signal?)` → a blob: URL the caller must revoke; rejects on a failed
 *   answer (HTTP error, or the JSON envelope of a refused call such as 401).
 * - `useServedUrl(url)` → the address to put in `src` (undefined while loading or when it failed).
 * - `<ServedImage src=… />`: Chakra `Image` over `useServedUrl`.
 * - `openServedFile(url)`: downloads a stored file with the header (saved under its name).
 */
import { Image, type ImageProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { download } from '../../lib/download';
import { API_BASE, authHeaders } from '../../lib/trpc';
import { fileNameOf, servedUrl } from './rules';

/** Fetches `url` with the bearer header; resolves a blob: URL (revoke it with URL.revokeObjectURL). */
export async function fetchServedObjectUrl(url: string, signal?: AbortSignal): Promise<string> {
  const res = await fetch(url, { headers: authHeaders(), signal });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) throw new Error(`served file refused: ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

/**
 * The address to show a stored file at: itself for http/data/blob addresses; for API files a
 * blob: URL fetched with the header (undefined until it arrives, and when it failed).
 */
export function useServedUrl(url: string | null | undefined): string | undefined {
  const target = url ? servedUrl(url, API_BASE) : null;
  const [loaded, setLoaded] = useState<{ from: string; blob: string } | null>(null);
  const fetchUrl = target?.withHeader ? target.url : null;
  useEffect(() => {
    if (!fetchUrl) return;
    const abort = new AbortController();
    let blob: string | null = null;
    fetchServedObjectUrl(fetchUrl, abort.signal)
      .then((made) => {
        if (abort.signal.aborted) URL.revokeObjectURL(made);
        else {
          blob = made;
          setLoaded({ from: fetchUrl, blob: made });
        }
      })
      .catch(() => {
        if (!abort.signal.aborted) setLoaded(null);
      });
    return () => {
      abort.abort();
      if (blob) URL.revokeObjectURL(blob);
    };
  }, [fetchUrl]);
  if (!target) return undefined;
  if (!target.withHeader) return target.url;
  return loaded?.from === target.url ? loaded.blob : undefined;
}

/** A Chakra Image of a stored file (fetched with the header; nothing shown until it arrives). */
export function ServedImage({ src, ...props }: Omit<ImageProps, 'src'> & { src: string }) {
  const shown = useServedUrl(src);
  return shown ? <Image src={shown} {...props} /> : null;
}

/**
 * Opens a stored file: API files are downloaded with the header (a GET under the loading mask,
 * saved under the name the server gives, as every served file is an attachment); other addresses
 * open in a new tab.
 */
export function openServedFile(url: string): void {
  const target = servedUrl(url, API_BASE);
  if (target.withHeader) void download(target.url.slice(API_BASE.length), {}, { method: 'GET', filename: fileNameOf(target.url) });
  else window.open(target.url, '_blank', 'noopener,noreferrer');
}
