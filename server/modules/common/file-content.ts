/**
 * Upload content checks (issue 41 §4): a file is stored only when its bytes are of the family its
 * extension names, so a renamed program (`setup.exe` → `report.docx`) or a PNG called `.pdf` is
 * refused with 文件格式不正确. Binary formats are recognised by their signatures with `file-type`
 * (magic bytes; OOXML told apart by its parts); text formats, which have no signature, by their
 * encoding. The families (extension → what the bytes may be):
 *
 * | extensions                   | accepted content (file-type `ext`, or the text rule)            |
 * | ---------------------------- | --------------------------------------------------------------- |
 * | bmp gif jpg jpeg png         | any of bmp, gif, jpg, png, apng (browsers sniff images)          |
 * | tiff                         | tif                                                             |
 * | doc xls ppt wps              | cfb (OLE compound file; WPS Office saves .wps as OLE too)        |
 * | docx / xlsx / pptx           | docx / xlsx / pptx (pptx also ppsx), each its own               |
 * | zip                          | any zip container (zip and the formats built on it: docx, …)    |
 * | rar gz bz2 pdf avi mp3       | rar, gz, bz2, pdf (and Illustrator's pdf-based ai), avi, mp3     |
 * | mp4 MOV                      | ISO media: mp4, m4v, mov, 3gp, 3g2, f4v                         |
 * | rmvb                         | RealMedia (`.RMF`)                                              |
 * | txt html htm                 | text (below)                                                    |
 * | svg                          | text that contains `<svg`                                       |
 *
 * Text: UTF-16 with its byte-order mark (whatever signature sniffing says: the mark looks like an
 * MPEG frame to it), or else no NUL byte, valid UTF-8 (BOM allowed) or valid GB18030 (the GBK
 * family Chinese Windows writes), and no known binary signature (file-type finds nothing, or a
 * text/XML type); in both cases no C0 control character besides tab, line feed, vertical tab,
 * form feed, carriage return, SUB (old DOS end of file) and ESC. HTML and SVG are
 * stored as they come and served only as attachments (`application/octet-stream`, nosniff, a
 * sandbox CSP; file.paths.ts contentTypeOf, server/security.ts), never as a page.
 */
import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';

type Family = ReadonlySet<string> | 'text' | 'svg';

const set = (...exts: string[]): ReadonlySet<string> => new Set(exts);
const IMAGE = set('bmp', 'gif', 'jpg', 'png', 'apng');
const OLE = set('cfb');
const ISO_MEDIA = set('mp4', 'm4v', 'mov', '3gp', '3g2', 'f4v');
/** file-type's answers for zip containers (a `.zip` may hold anything zipped). */
const ZIP = set('zip', 'docx', 'xlsx', 'pptx', 'ppsx', 'dotx', 'xltx', 'potx', 'docm', 'xlsm', 'pptm', 'dotm', 'xltm', 'potm',
  'odt', 'ods', 'odp', 'odg', 'epub', 'jar', 'apk', 'xpi', '3mf', 'vsdx', 'key', 'numbers', 'pages');

/** Extension (lower case) → the family its bytes must belong to. */
const FAMILIES: Record<string, Family> = {
  bmp: IMAGE, gif: IMAGE, jpg: IMAGE, jpeg: IMAGE, png: IMAGE, tiff: set('tif'),
  doc: OLE, xls: OLE, ppt: OLE, wps: OLE,
  docx: set('docx'), xlsx: set('xlsx'), pptx: set('pptx', 'ppsx'),
  zip: ZIP, rar: set('rar'), gz: set('gz'), bz2: set('bz2'),
  mp4: ISO_MEDIA, mov: ISO_MEDIA, avi: set('avi'), rmvb: set('rm'), mp3: set('mp3'),
  pdf: set('pdf', 'ai'),
  txt: 'text', html: 'text', htm: 'text', svg: 'svg',
};

/** file-type answers that are text themselves (XML, calendars, subtitles …), so text may match them. */
const isTextType = (mime: string) => mime.startsWith('text/') || mime === 'application/xml' || mime === 'image/svg+xml';

/** Allowed C0 controls in text: \t \n \v \f \r, SUB (0x1a) and ESC (0x1b). */
const BAD_CONTROL = /[\x00-\x08\x0e-\x19\x1c-\x1f]/;

const UTF16_BOMS = new Set(['fffe', 'feff']);
const bomOf = (data: Buffer) => data.subarray(0, 2).toString('hex');

function decodes(data: Uint8Array, encoding: string): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

/**
 * The text of `data` when it is text by the rule of this file's docstring (UTF-16 with BOM; else
 * no NUL and valid UTF-8 or GB18030; no C0 controls besides the allowed ones), else null. Pure;
 * an empty file is the empty text.
 */
export function textOf(data: Buffer): string | null {
  const bom = bomOf(data);
  let text: string | null;
  if (UTF16_BOMS.has(bom) && data.length % 2 === 0) text = decodes(data, bom === 'fffe' ? 'utf-16le' : 'utf-16be');
  else if (data.includes(0)) return null;
  else text = isUtf8(data) ? data.toString('utf8') : decodes(data, 'gb18030');
  return text !== null && !BAD_CONTROL.test(text) ? text : null;
}

/**
 * Whether the bytes of an upload belong to the family of its extension (table in this file's
 * docstring; extension compared without case). An extension with no family answers false, so a
 * new allowed extension is refused until it is given one. Reads the whole buffer at most once
 * (the text rule); file-type reads only the headers it needs.
 */
export async function contentMatchesExtension(ext: string, data: Buffer): Promise<boolean> {
  const family = FAMILIES[ext.toLowerCase()];
  if (!family) return false;
  if (family instanceof Set) {
    const detected = await fileTypeFromBuffer(data);
    return detected !== undefined && family.has(detected.ext);
  }
  const text = textOf(data);
  if (text === null || (family === 'svg' && !/<svg[\s>]/i.test(text))) return false;
  // A UTF-16 byte-order mark looks like an MPEG frame to signature sniffing; it decoded as text above.
  if (UTF16_BOMS.has(bomOf(data))) return true;
  const detected = await fileTypeFromBuffer(data);
  return !detected || isTextType(detected.mime);
}
