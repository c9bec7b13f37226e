/**
 * The summary an `importData` row answers (RuoYi's `msg`: lines joined by `<br/>`) as plain text
 * lines for 导入结果. Shared by 用户导入 and the generated modules' import dialogs, so no screen
 * imports another screen (issue 42, rule client-screens-are-apart).
 */
export const importSummary = (msg: string) => msg.replace(/<br\s*\/?>/gi, '\n');
