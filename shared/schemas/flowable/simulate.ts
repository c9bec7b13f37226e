/**
 * 流程模拟 (issue 16 "流程模拟 (dry run)"): the designer's model run on a throwaway engine with
 * sample variables and chosen handlers, without deploying. `flowable.definition.simulate` /
 * `POST /flowable/definition/simulate`.
 */
import { z } from 'zod';
import { requiredText } from '../system/dept';
import { controlCharsMessage, isCleanValue, isOneLine } from '../text';
import { variablesField } from './index';
import { SIMULATE_MAX_STEPS } from './simulate-limits';

/** A sys user id as text (a number is accepted); `${label}不能为空`. */
const userIdText = (label: string) => z.union([z.string(), z.number()], { error: `${label}不能为空` })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, `${label}不能为空`).max(20, `${label}长度不能超过20个字符`).refine(isOneLine, controlCharsMessage(label)));

/** A node id key (taskDefKey): one line, at most 200 characters. */
const nodeKey = z.string().max(200).refine(isOneLine, controlCharsMessage('节点ID'));

/** Drops entries whose value is '' / null / undefined (an unset 办理人 in the dialog). */
const withoutEmpty = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== null && x !== undefined))
  : v);

export { SIMULATE_DEFAULT_STEPS, SIMULATE_MAX_STEPS } from './simulate-limits';

/**
 * `{xml, variables?, startUserId?, handlers?, taskVariables?, maxSteps?}`:
 * - `startUserId`: who starts (default: the caller);
 * - `handlers`: taskDefKey → user id acting at that user task (default: its assignee, else its
 *   first candidate user, else the first enabled user of its first candidate group, else the caller);
 * - `taskVariables`: taskDefKey → variables submitted when completing that node's task;
 * - `maxSteps`: task completions before stopping (default 50, at most 200).
 */
export const simulateInput = z.object({
  xml: requiredText('流程XML', 5_000_000, 'multiline'),
  variables: variablesField,
  startUserId: z.preprocess((v) => (v === '' || v === null ? undefined : v), userIdText('发起人').optional()),
  handlers: z.preprocess(withoutEmpty, z.record(nodeKey, userIdText('办理人')).nullish().transform((v) => v ?? undefined)),
  taskVariables: z.record(nodeKey, z.record(z.string(), z.unknown()), { error: '节点变量必须是JSON对象' })
    .refine(isCleanValue, controlCharsMessage('节点变量')).nullish().transform((v) => v ?? undefined),
  maxSteps: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: '模拟步数必须是数字' }).int('模拟步数必须是整数').min(1, '模拟步数不能小于1')
      .max(SIMULATE_MAX_STEPS, `模拟步数不能超过${SIMULATE_MAX_STEPS}`).optional()),
});
export type SimulateInput = z.input<typeof simulateInput>;
