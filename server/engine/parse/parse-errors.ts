/**
 * bpmn-moddle's parse errors in Chinese, naming the element and the line (issue 39 item 11).
 * moddle reports `unparsable content <tag> detected / line: L / column: C / nested error: …`
 * (line and column 0-based; the tag cut to its name, so the id is lost): the element is read
 * back from the XML text at that place (its tag and id, else the nearest enclosing element with
 * an id), and the nested error is translated; an error text not known here is kept in brackets.
 */

/** One element as the scan sees it. */
interface TagInfo { name: string; id?: string }

const NESTED: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^unknown type <(.+)>$/, (m) => `未知的元素类型 ${m[1]}`],
  [/^unexpected body text <([\s\S]*)>$/, (m) => `元素不能包含文本 "${m[1].trim()}"`],
  [/^missing attribute value quotes$/, () => '属性值缺少引号'],
  [/^attribute <(.+)> already defined$/, (m) => `属性 ${m[1]} 重复`],
  [/^closing tag mismatch$/, () => '结束标签与开始标签不匹配'],
  [/^unclosed tag$/, () => '标签未闭合'],
  [/^unexpected end of file$/, () => '文件意外结束'],
  [/^missing start tag$/, () => '结束标签没有对应的开始标签'],
  [/^missing end tag$/, () => '缺少结束标签'],
  [/^non-whitespace outside of root node$/, () => '根元素之外有内容'],
  [/^unparsable content/, () => '内容无法解析'],
  [/^(illegal|invalid|unexpected|missing).*attribute|attribute.*(illegal|invalid)/i, () => '属性语法错误'],
  [/^unknown namespace|unbound|prefix/i, () => '未声明的命名空间前缀'],
];

/** The Chinese text of a nested moddle/saxen error, the English original kept in brackets when not translated exactly. */
function translate(nested: string): string {
  for (const [re, f] of NESTED) {
    const m = re.exec(nested);
    if (m) return f(m);
  }
  return `XML 格式错误 (${nested})`;
}

/** Offset of 0-based `line` / `column` in `xml` (clamped). */
function offsetOf(xml: string, line: number, column: number): number {
  let off = 0;
  for (let l = 0; l < line; l++) {
    const nl = xml.indexOf('\n', off);
    if (nl < 0) return xml.length;
    off = nl + 1;
  }
  return Math.min(off + column, xml.length);
}

const ID_RE = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s/>]+))/;

function tagAt(text: string): TagInfo | undefined {
  const m = /^<([\w.:-]+)/.exec(text);
  if (!m) return undefined;
  const end = text.indexOf('>');
  const id = ID_RE.exec(end < 0 ? text.slice(0, 400) : text.slice(0, end + 1));
  return { name: m[1], id: id ? (id[1] ?? id[2] ?? id[3]) : undefined };
}

/** Open elements at `offset` (outermost first): one linear scan, only on the error path. */
function openElements(xml: string, offset: number): TagInfo[] {
  const stack: TagInfo[] = [];
  let i = 0;
  while (i < offset) {
    const lt = xml.indexOf('<', i);
    if (lt < 0 || lt >= offset) break;
    const skip = (end: string) => { const e = xml.indexOf(end, lt); return e < 0 ? xml.length : e + end.length; };
    if (xml.startsWith('<!--', lt)) { i = skip('-->'); continue; }
    if (xml.startsWith('<![CDATA[', lt)) { i = skip(']]>'); continue; }
    if (xml[lt + 1] === '?' || xml[lt + 1] === '!') { i = skip('>'); continue; }
    const gt = xml.indexOf('>', lt);
    const end = gt < 0 ? xml.length : gt;
    if (xml[lt + 1] === '/') { stack.pop(); i = end + 1; continue; }
    const tag = tagAt(xml.slice(lt, end + 1));
    if (tag && xml[end - 1] !== '/') stack.push(tag);
    i = end + 1;
  }
  return stack;
}

const show = (t: TagInfo) => `<${t.name}${t.id !== undefined ? ` id="${t.id}"` : ''}>`;

/**
 * The Chinese refusal for a parse error `message` of moddle over `xml`:
 * `BPMN XML 解析失败: 第 L 行第 C 列，元素 <userTask id="approve">: 属性值缺少引号`
 * (`…，元素 <flowable:value> (在 <dataObject id="d1"> 内): …` when the element has no id).
 * A message without a position is translated as a whole.
 */
export function describeParseError(xml: string, message: string): string {
  const m = /unparsable content ([\s\S]*?)\s*detected\s+line: (\d+)\s+column: (\d+)\s+nested error: ([\s\S]*)$/.exec(message);
  if (!m) {
    const first = message.split('\n')[0].trim();
    if (/failed to parse document as <bpmn:Definitions>/.test(first)) return 'BPMN XML 解析失败: 根元素不是 BPMN definitions';
    return `BPMN XML 解析失败: ${translate(first)}`;
  }
  const line = Number(m[2]);
  const column = Number(m[3]);
  const offset = offsetOf(xml, line, column);
  const nested = m[4].replace(/\s+/g, ' ').trim();
  const here = xml[offset] === '<' && xml[offset + 1] !== '/' ? tagAt(xml.slice(offset)) : undefined;
  const open = openElements(xml, offset);
  const where: string[] = [];
  const el = here ?? open[open.length - 1];
  if (el) where.push(`元素 ${show(el)}`);
  if (!el?.id) {
    const owner = [...open].reverse().find((t) => t.id !== undefined && t !== el);
    if (owner) where.push(`(在 ${show(owner)} 内)`);
  }
  return `BPMN XML 解析失败: 第 ${line + 1} 行第 ${column + 1} 列${where.length ? `，${where.join(' ')}` : ''}: ${translate(nested)}`;
}
