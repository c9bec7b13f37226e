/**
 * What a stored form config may hold before it is saved (issue 38 §1 and §6): every field's
 * dynamic-options request is an allowed read-only GET source (option-sources.ts), and every
 * `regList` pattern is one the server may keep (regex-safety.ts). Used by the server when a form
 * is stored (POST/PUT /flowable/form) and by the designer to warn before saving. The walk is
 * iterative (row containers and detail-table columns nest), so no depth can overflow the stack.
 */
import { checkOptionSource, declaresOptionRequest } from './option-sources';
import { patternProblem } from './regex-safety';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A problem found in a form config: the field (label, else `__vModel__`) and the message to show. */
export interface FormConfigProblem {
  field: string;
  message: string;
}

function fieldName(field: Json, config: Json): string {
  if (typeof config.label === 'string' && config.label.trim()) return config.label.trim();
  if (typeof field.__vModel__ === 'string' && field.__vModel__) return field.__vModel__;
  return '未命名字段';
}

/** The problem of one field's own settings (not its children), or null. */
function fieldProblem(field: Json, config: Json): string | null {
  const name = fieldName(field, config);
  // A blank url with GET asks for nothing (the client fetches nothing).
  if (declaresOptionRequest(config)) {
    const check = checkOptionSource(config.url, config.method);
    if (!check.ok) return `表单字段「${name}」的动态数据${check.message}`;
  }
  const regList = config.regList;
  if (regList !== undefined && regList !== null) {
    if (!Array.isArray(regList)) return `表单字段「${name}」的正则校验格式错误`;
    for (const item of regList) {
      const problem = patternProblem(isObject(item) ? item.pattern : undefined);
      if (problem) return `表单字段「${name}」的${problem}`;
    }
  }
  return null;
}

/**
 * The first problem of a form config (`{fields: [...]}` with `__config__.children` nesting), or
 * null when it may be stored. Message shapes: `表单字段「<label>」的动态数据请求方式只能是 GET`,
 * `表单字段「<label>」的动态数据接口地址不是允许的数据源：<url>`, `表单字段「<label>」的正则表达式…`.
 * A config that is not an object, or has no fields, has no problem here (the schema decides).
 */
export function formConfigProblem(conf: unknown): FormConfigProblem | null {
  if (!isObject(conf) || !Array.isArray(conf.fields)) return null;
  const stack: unknown[] = [...conf.fields].reverse();
  while (stack.length) {
    const field = stack.pop();
    if (!isObject(field) || !isObject(field.__config__)) continue;
    const config = field.__config__;
    const message = fieldProblem(field, config);
    if (message) return { field: fieldName(field, config), message };
    if (Array.isArray(config.children)) for (let i = config.children.length - 1; i >= 0; i--) stack.push(config.children[i]);
  }
  return null;
}
