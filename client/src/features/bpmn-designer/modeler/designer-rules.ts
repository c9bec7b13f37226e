/**
 * Pure rules of the process model designer (workflow spec §2, §3, §9): zoom steps, the save
 * payload read from the process, file names of the downloads.
 */

/** Spec §9: the diagram zoom steps by 0.1 with a minimum of 0.2. */
export const ZOOM_STEP = 0.1;
export const ZOOM_MIN = 0.2;
export const ZOOM_MAX = 4;

/** The zoom after one 放大 (+1) or 缩小 (-1) step from `current`, rounded to 0.01 and kept in [0.2, 4]. */
export function stepZoom(current: number, direction: 1 | -1): number {
  const base = Math.round((Number.isFinite(current) ? current : 1) * 100) / 100;
  const next = Math.round((base + direction * ZOOM_STEP) * 100) / 100;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}

/** Zoom as a percentage label, e.g. 1 → '100%'. */
export const zoomLabel = (zoom: number) => `${Math.round(zoom * 100)}%`;

/** The part of a moddle element the save reads. */
export interface ModdleLike {
  $type: string;
  id?: string;
  name?: string;
  get?(name: string): unknown;
  $attrs?: Record<string, string>;
}

/** Spec §3 "Process model save payload" without the XML. */
export interface ProcessInfo {
  id: string;
  name: string;
  /** `flowable:processCategory`; empty → null (spec §3). */
  category: string | null;
}

/** The first `bpmn:Process` among the definitions' root elements (a pool's process counts). */
export function findProcess(rootElements: readonly ModdleLike[] | undefined): ModdleLike | undefined {
  return (rootElements ?? []).find((e) => e.$type === 'bpmn:Process');
}

/** Reads id, name and category of the process (reference §6: category = `flowable:processCategory`). */
export function processInfo(process: ModdleLike | undefined): ProcessInfo | null {
  if (!process) return null;
  const described = process.get?.('flowable:processCategory');
  const raw = typeof described === 'string' ? described : process.$attrs?.['flowable:processCategory'];
  const category = typeof raw === 'string' && raw.trim() ? raw.trim() : null;
  return { id: process.id ?? '', name: (process.name ?? '').trim(), category };
}

/** Save payload of `flowable.definition.save` (spec §3: name, category, xml). */
export function savePayload(info: ProcessInfo, xml: string): { name: string; category: string | null; xml: string } {
  return { name: info.name, category: info.category, xml };
}

/** File name of a download: the process name (or id, or 'diagram') with characters files refuse replaced. */
export function downloadName(info: ProcessInfo | null, ext: 'bpmn' | 'svg'): string {
  const base = (info?.name || info?.id || 'diagram').replace(/[\\/:*?"<>|\s]+/g, '_');
  return `${base}.${ext}`;
}

/** True for a file name the 打开文件 button accepts (.bpmn, .xml). */
export const isModelFile = (fileName: string) => /\.(bpmn|xml)$/i.test(fileName);

/**
 * Reference §6: the root `definitions` always declares `xmlns:flowable="http://flowable.org/bpmn"`
 * (bpmn-js only writes namespaces in use, so a model without flowable attributes would lose it).
 */
export function ensureFlowableNamespace(xml: string): string {
  const root = /<([\w-]+:)?definitions\b[^>]*>/.exec(xml);
  if (!root || /\sxmlns:flowable=/.test(root[0])) return xml;
  const tagName = `<${root[1] ?? ''}definitions`;
  const patched = root[0].replace(tagName, `${tagName} xmlns:flowable="http://flowable.org/bpmn"`);
  return xml.slice(0, root.index) + patched + xml.slice(root.index + root[0].length);
}

/** bpmn-js import errors in Chinese (the English detail stays for unknown ones). */
export function importErrorText(message: string): string {
  if (/unparsable content|unclosed|non-whitespace before first tag/i.test(message)) return '文件内容不是有效的 XML';
  if (/failed to parse document as <bpmn:Definitions>|unknown type <bpmn:Definitions>/i.test(message)) return '文件不是 BPMN 2.0 流程模型';
  if (/no diagram to display|no process or collaboration to display/i.test(message)) return '文件中没有可显示的流程图';
  return message;
}
