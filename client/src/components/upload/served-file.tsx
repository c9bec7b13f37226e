/**
 * Stored files shown or opened without a token in any URL (issue 11 §4). Files under the API
 * prefix (`/caishui-api/profile/**`) are shown by their plain address: the HttpOnly file cookie
 * set at sign-in opens GET of `/profile/**` (issue 41 §3), so an `<img src>` needs no header and
 * no blob: copy. Other addresses (http…, data:, blob:) are used as they are.
 *
 * - `shownUrl(url)` → the address to put in `src` (undefined for an empty value).
 * - `<ServedImage src=… />`: Chakra `Image` of a stored file.
 * - `openServedFile(url)`: downloads a stored file with the header (saved under its name).
 */
import { Image, type ImageProps } from '@chakra-ui/react';
import { download } from '../../lib/download';
import { API_BASE } from '../../lib/trpc';
import { fileNameOf, servedUrl } from './rules';

/** The address to show a stored file at (`/profile/…` gets the API prefix); undefined when empty. */
export function shownUrl(url: string | null | undefined): string | undefined {
  return url ? servedUrl(url, API_BASE).url : undefined;
}

/** A Chakra Image of a stored file, by its plain address (the file cookie opens it). */
export function ServedImage({ src, ...props }: Omit<ImageProps, 'src'> & { src: string }) {
  return <Image src={shownUrl(src)} {...props} />;
}

/**
 * Opens a stored file: API files are downloaded with the header (a GET under the loading mask,
 * saved under the name the server gives, as every served file is an attachment); other addresses
 * open in a new tab.
 */
export function openServedFile(url: string): void {
  const target = servedUrl(url, API_BASE);
  if (target.api) void download(target.url.slice(API_BASE.length), {}, { method: 'GET', filename: fileNameOf(target.url) });
  else window.open(target.url, '_blank', 'noopener,noreferrer');
}
