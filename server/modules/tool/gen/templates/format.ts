/**
 * Prettier over generated text (issue 14: generated code reads as written by the team), with the
 * standalone build and its TypeScript + estree plugins so the generator bundles into the binary.
 * Options: printWidth 140, singleQuote, trailingComma all. Prettier is loaded on the first call,
 * not at boot: a few MB of heap only the generator's preview and download need (issue 15).
 */
type Prettier = [typeof import('prettier/standalone'), typeof import('prettier/plugins/typescript'), typeof import('prettier/plugins/estree')];
let prettier: Promise<Prettier> | undefined;
const loadPrettier = (): Promise<Prettier> =>
  (prettier ??= Promise.all([import('prettier/standalone'), import('prettier/plugins/typescript'), import('prettier/plugins/estree')]));

/**
 * Formatted texts by path and source, most recently used last (issue 40 §6: Prettier takes
 * 50–300 ms a file, a preview formats a dozen; the same source is never formatted twice while it
 * stays here). Bounded by the characters it holds.
 */
const formatted = new Map<string, string>();
let formattedChars = 0;
const FORMAT_CACHE_CHARS = 4_000_000;

function remember(key: string, text: string): void {
  formatted.set(key, text);
  formattedChars += key.length + text.length;
  for (const [k, v] of formatted) {
    if (formattedChars <= FORMAT_CACHE_CHARS) break;
    formatted.delete(k);
    formattedChars -= k.length + v.length;
  }
}

/**
 * Formats TypeScript / TSX source (a source formatted before comes from the cache). Errors:
 * Prettier's syntax error (a template bug), with `path`.
 */
export async function formatTs(source: string, path: string): Promise<string> {
  const key = `${path}\n${source}`;
  const hit = formatted.get(key);
  if (hit !== undefined) {
    formatted.delete(key);
    formatted.set(key, hit);
    return hit;
  }
  const [{ format }, typescript, estree] = await loadPrettier();
  try {
    const text = wrapDocLines(await format(source, { parser: 'typescript', plugins: [typescript, estree], printWidth: 140, singleQuote: true, trailingComma: 'all', filepath: path }));
    remember(key, text);
    return text;
  } catch (err) {
    throw new Error(`生成的代码无法格式化 (${path}): ${(err as Error).message}`);
  }
}

const DOC_WIDTH = 110;

/**
 * Prettier leaves comments alone: re-wraps docstring lines (` * …`) longer than 140 characters
 * at spaces to about 110, keeping their indent. A line without spaces stays as it is.
 */
export function wrapDocLines(text: string): string {
  return text.split('\n').flatMap((line) => {
    const m = /^(\s*\* )(.*)$/.exec(line);
    if (!m || line.length <= 140) return [line];
    const out: string[] = [];
    let cur = '';
    for (const word of m[2].split(' ')) {
      if (cur && m[1].length + cur.length + 1 + word.length > DOC_WIDTH) {
        out.push(m[1] + cur);
        cur = word;
      } else cur = cur ? `${cur} ${word}` : word;
    }
    if (cur) out.push(m[1] + cur);
    return out;
  }).join('\n');
}
