/**
 * What to fill in when a supported element is not configured yet (issue 40 item 5): the engine
 * refuses such a model at deploy / validate (server/engine/model/nodes.ts, lint.ts) with these
 * texts, and the designer shows them on 保存模型. They say what is missing in the property
 * panel's own words (its labels: 消息, 信号, 错误, 定时类型 / 定时值, 被调用流程, 循环基数 / 集合,
 * 处理器 — client/src/features/bpmn-designer/panel/*), never XML terms (messageRef,
 * calledElement, loopCardinality …), and name the element by its name and id.
 *
 * Pure; imported by the engine and the client alike.
 */

/** What is missing on the element. */
export type ConfigGap = 'message' | 'signal' | 'error' | 'timer' | 'calledElement' | 'multiInstance' | 'serviceHandler';

/** The element as the message names it: its id, name and moddle type (`bpmn:IntermediateCatchEvent`). */
export interface GapSubject { id?: string; name?: unknown; $type?: string }

/** Chinese kind of each gap's element (the designer's wording). */
const KIND: Record<ConfigGap, string> = {
  message: '消息事件', signal: '信号事件', error: '错误结束事件', timer: '定时事件',
  calledElement: '调用活动', multiInstance: '用户任务', serviceHandler: '服务任务',
};

/** What to do in the panel, per gap. */
const FIX: Record<ConfigGap, string> = {
  message: '还没有选择消息：请在右侧属性面板「消息」中选择一个消息（或点「新增/编辑消息」新建）',
  signal: '还没有选择信号：请在右侧属性面板「信号」中选择一个信号（或点「新增/编辑信号」新建）',
  error: '还没有选择错误：请在右侧属性面板「错误」中选择一个错误（或点「新增/编辑错误」新建）',
  timer: '还没有设置定时：请在右侧属性面板选择「定时类型」并填写「定时值」',
  calledElement: '还没有选择被调用流程：请在右侧属性面板「被调用流程」中选择或输入',
  multiInstance: '的多实例还没有填写循环基数或集合：请在右侧属性面板点「编辑多实例」，填写「循环基数」或「集合」',
  serviceHandler: '还没有选择处理器：请在右侧属性面板「处理器」中选择',
};

/** `消息事件「收款通知」(Event_1)` or, without a name, `消息事件 Event_1`. */
export function gapSubjectText(gap: ConfigGap, el: GapSubject): string {
  const name = typeof el.name === 'string' ? el.name.trim() : '';
  const id = el.id ?? '(无id)';
  return name ? `${KIND[gap]}「${name}」(${id})` : `${KIND[gap]} ${id}`;
}

/**
 * The message for `gap` on `el`, e.g. `调用活动「归档」(call_1) 还没有选择被调用流程：请在右侧属性面板
 * 「被调用流程」中选择或输入`. The engine prefixes it with `部署失败: `.
 */
export function configGapMessage(gap: ConfigGap, el: GapSubject): string {
  const fix = FIX[gap];
  return `${gapSubjectText(gap, el)}${fix.startsWith('的') ? '' : ' '}${fix}`;
}

/** True when `text` (with or without the `部署失败: ` prefix) is a configGapMessage: it names its element itself. */
export function isConfigGapMessage(text: string): boolean {
  const kinds = Object.values(KIND).join('|');
  return new RegExp(`^(部署失败: )?(${kinds})(「[^」]*」\\(\\S+\\)| \\S+)(的多实例| )还没有`).test(text);
}

/**
 * The short form of a configGapMessage for a mark on the canvas: what is missing, without the
 * element (the mark sits on it) and without the how-to (the toast says it), e.g. 还没有选择消息,
 * 多实例还没有填写循环基数或集合. Other texts are returned unchanged.
 */
export function configGapShort(text: string): string {
  if (!isConfigGapMessage(text)) return text;
  const m = /(?:的|\) | \S+ )((?:多实例)?还没有[^：]*)：/.exec(text);
  return m ? m[1] : text;
}
