/**
 * Tiny synthetic files of each upload family (server/modules/common/file-content.ts, issue 41 §4):
 * real enough for `file-type` to recognise by signature (OOXML packages are real zips built with
 * fflate), small enough to build per test.
 */
import { gzipSync, strToU8, zipSync } from 'fflate';
import { TINY_PNG } from './factories';

const OOXML: Record<'docx' | 'xlsx' | 'pptx', [string, string]> = {
  docx: ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  xlsx: ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  pptx: ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
};

/** A minimal Office Open XML package: [Content_Types].xml naming the main part, and that part. */
export function ooxml(kind: keyof typeof OOXML): Buffer {
  const [part, type] = OOXML[kind];
  const types = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${type}"/></Types>`;
  return Buffer.from(zipSync({ '[Content_Types].xml': strToU8(types), [part]: strToU8('<root/>') }));
}

/** `head` (latin1 text or bytes) followed by `n` zero bytes. */
export const pad = (head: Buffer | string, n = 64) => Buffer.concat([typeof head === 'string' ? Buffer.from(head, 'latin1') : head, Buffer.alloc(n)]);
/** Hex bytes followed by `n` zero bytes. */
export const hex = (h: string, n = 64) => pad(Buffer.from(h, 'hex'), n);

/** An OLE compound file header (doc, xls, ppt, wps). */
export const OLE = hex('d0cf11e0a1b11ae1', 512);
/** An ISO media file of brand isom (mp4). */
export const MP4 = Buffer.concat([hex('0000001866747970', 0), pad('isom\0\0\0\0isomiso2')]);
/** A QuickTime file of brand `qt  ` (mov). */
export const MOV = Buffer.concat([hex('0000001466747970', 0), pad('qt  \0\0\0\0qt  ')]);
/** A tiny SVG document. */
export const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');

/** One sample per extension of RuoYi's DEFAULT_ALLOWED_EXTENSION (the `/common/upload` list). */
export const SAMPLES: Record<string, Buffer> = {
  bmp: pad('BM'), gif: pad('GIF89a'), jpg: hex('ffd8ffe000104a464946'), jpeg: hex('ffd8ffe000104a464946'), png: TINY_PNG,
  doc: OLE, xls: OLE, ppt: OLE, docx: ooxml('docx'), xlsx: ooxml('xlsx'), pptx: ooxml('pptx'),
  html: Buffer.from('<!doctype html><html><body><p>通知</p></body></html>'), htm: Buffer.from('<html><body>hi</body></html>'),
  txt: Buffer.from('纳税申报说明\r\n第二行\tend\n'),
  rar: hex('526172211a0700'), zip: Buffer.from(zipSync({ 'a.txt': strToU8('hello') })), gz: Buffer.from(gzipSync(strToU8('hello'))),
  bz2: pad('BZh91AY&SY'), mp4: MP4,
  avi: pad(Buffer.concat([Buffer.from('RIFF'), Buffer.from('00000000', 'hex'), Buffer.from('AVI LIST')])),
  rmvb: pad('.RMF'), pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
};
