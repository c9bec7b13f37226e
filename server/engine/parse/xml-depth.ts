/**
 * Nesting depth of an XML text without parsing it (issue 38 §6: a model of 10,000 nested
 * sub-processes answered `Maximum call stack size exceeded`): one linear scan, no recursion, that
 * stops as soon as the limit is passed. Comments, CDATA, processing instructions and declarations
 * are skipped; quoted attribute values may hold `>`.
 */

/** Deepest element nesting of a BPMN model accepted (definitions › process › sub-processes › extensions). */
export const MAX_XML_DEPTH = 64;

/** Refusal of a model nested deeper than MAX_XML_DEPTH. */
export const XML_TOO_DEEP_MESSAGE = `流程XML嵌套过深（最多 ${MAX_XML_DEPTH} 层）`;

/** Deepest element nesting of `xml`, or `limit + 1` as soon as it passes `limit`. O(length). */
export function xmlDepth(xml: string, limit = MAX_XML_DEPTH): number {
  const n = xml.length;
  let depth = 0;
  let max = 0;
  let i = 0;
  const skipTo = (from: number, end: string) => {
    const e = xml.indexOf(end, from);
    return e < 0 ? n : e + end.length;
  };
  while (i < n) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) { i = skipTo(lt + 4, '-->'); continue; }
    if (xml.startsWith('<![CDATA[', lt)) { i = skipTo(lt + 9, ']]>'); continue; }
    const c = xml.charCodeAt(lt + 1);
    if (c === 0x3f /* ? */ || c === 0x21 /* ! */) { i = skipTo(lt + 2, '>'); continue; }
    if (c === 0x2f /* / */) { depth--; i = skipTo(lt + 2, '>'); continue; }
    // A start tag: its end is the first `>` outside a quoted attribute value.
    let j = lt + 1;
    let quote = 0;
    for (; j < n; j++) {
      const d = xml.charCodeAt(j);
      if (quote) { if (d === quote) quote = 0; } else if (d === 0x22 || d === 0x27) quote = d;
      else if (d === 0x3e) break;
    }
    if (xml.charCodeAt(j - 1) !== 0x2f /* / */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    }
    i = j + 1;
  }
  return max;
}
