/**
 * Chinese names of the workflow handlers the server registers by name (design.md "Listeners":
 * `flowable:class` / `delegateExpression` resolve to handlers registered in TypeScript): the
 * built-in listeners (server/modules/flowable/common/builtin-listeners.ts, with the aliases of imported RuoYi
 * models) and the built-in service tasks (server/modules/flowable/common/handlers.ts). The screens show
 * these names instead of raw ids (issue 40 §9: 流程监听's 执行内容, the designer's 处理器); the id
 * stays visible beside the name, as the model stores it. A test keeps this list in step with the
 * registries (server/modules/flowable/common/handler-labels.test.ts).
 */

/** What a registered class listener is called on the screens (值类型 `classListener`; upstream: JAVA类). */
export const REGISTERED_HANDLER_LABEL = '已注册处理器';

/** Registered handler id → its Chinese name. */
export const HANDLER_LABELS: Readonly<Record<string, string>> = {
  'caishui.service.setVariables': '设置流程变量',
  'caishui.service.log': '写入流程日志',
  'caishui.listener.UserTaskListener': '用户任务监听器',
  'caishui.listener.FlowExecutionListener': '执行监听器',
  'caishui.listener.FlowEndListener': '流程结束监听器',
  'com.ruoyi.flowable.listener.UserTaskListener': '用户任务监听器',
  'com.ruoyi.flowable.listener.FlowTaskListener': '用户任务监听器',
  'com.ruoyi.flowable.listener.FlowExecutionListener': '执行监听器',
  'com.ruoyi.flowable.listener.FlowEndListener': '流程结束监听器',
};

/** The Chinese name of the registered handler `id` (trimmed), or null when `id` is no registered handler. */
export function handlerLabel(id: string | null | undefined): string | null {
  if (!id) return null;
  return Object.prototype.hasOwnProperty.call(HANDLER_LABELS, id.trim()) ? HANDLER_LABELS[id.trim()] : null;
}

/** `名称（id）` for a registered handler, else `id` as given ('' for none): one line naming both. */
export function handlerText(id: string | null | undefined): string {
  const label = handlerLabel(id);
  return label ? `${label}（${id!.trim()}）` : (id ?? '');
}
