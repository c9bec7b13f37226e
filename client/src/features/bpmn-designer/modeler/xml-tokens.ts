/**
 * Tokens of the 查看XML drawer's colouring (workflow spec §2 "view XML (drawer)"): tag names,
 * attribute names and values, comments/declarations and the text between tags.
 */
export type XmlTokenKind = 'punct' | 'tag' | 'attr' | 'value' | 'comment' | 'text';
export interface XmlToken { kind: XmlTokenKind; text: string }

const TAG = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<\/?[^>]*>/g;
const INSIDE = /^(<\/?)([^\s/>]+)([\s\S]*?)(\/?>)$/;
const ATTR = /([^\s=]+)(\s*=\s*)("[^"]*"|'[^']*')|(\s+)|([^\s]+)/g;

function tagTokens(tag: string, out: XmlToken[]) {
  const m = INSIDE.exec(tag);
  if (!m) {
    out.push({ kind: 'comment', text: tag });
    return;
  }
  out.push({ kind: 'punct', text: m[1] }, { kind: 'tag', text: m[2] });
  for (const a of m[3].matchAll(ATTR)) {
    if (a[1]) out.push({ kind: 'attr', text: a[1] }, { kind: 'punct', text: a[2] }, { kind: 'value', text: a[3] });
    else out.push({ kind: 'text', text: a[0] });
  }
  out.push({ kind: 'punct', text: m[4] });
}

/** Splits XML into coloured tokens; joining their texts gives the input back. */
export function xmlTokens(xml: string): XmlToken[] {
  const out: XmlToken[] = [];
  let last = 0;
  for (const m of xml.matchAll(TAG)) {
    if (m.index > last) out.push({ kind: 'text', text: xml.slice(last, m.index) });
    const tag = m[0];
    if (tag.startsWith('<!--') || tag.startsWith('<?') || tag.startsWith('<![CDATA[')) out.push({ kind: 'comment', text: tag });
    else tagTokens(tag, out);
    last = m.index + tag.length;
  }
  if (last < xml.length) out.push({ kind: 'text', text: xml.slice(last) });
  return out;
}
