/**
 * 任务 section attributes (workflow spec §3 "Flow node properties": formKey, priority, dueDate in
 * yyyy-MM-ddTHH:mm:ss; start event initiator and form key). Only what the engine reads
 * (server/engine/model/nodes.ts): no async, follow-up date or compensation (issue 13), never
 * skipExpression (refused by the engine).
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import type { PanelTarget } from './usePanelTarget';
import { Row, SelectRow, SwitchRow, TextRow } from './fields';
import { DatePicker } from '../../../components/pickers/DatePicker';
import { dueDateError, DUE_DATE_FORMAT, readTaskAttrs, writeTaskAttr } from './forms/user-task';
import { readField, TYPE_FIELDS, writeField } from './forms/task-types';
import { ext } from './ops';

/** 表单 select from `flowable.form.formList` → `flowable:formKey` (start events and user tasks). */
export function FormKeyRow({ target }: { target: PanelTarget }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.flowable.form.formList.queryOptions());
  const value = ext(target.bo, 'formKey');
  const options = (data ?? []).map((f) => ({ value: String(f.formId), label: f.formName ?? String(f.formId) }));
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  return <SelectRow label="表单" value={value} options={options} testId="panel-form-key" onChange={(v) => writeTaskAttr(target.ops, target.bo, 'formKey', v)} />;
}

/** The per-type attribute rows (the start event's 发起人变量). */
export function TypeFields({ target }: { target: PanelTarget }) {
  const fields = TYPE_FIELDS[target.kind] ?? [];
  return (
    <>
      {fields.map((f) => {
        const v = readField(target.bo, f);
        return f.kind === 'bool' ? (
          <SwitchRow key={f.key} label={f.label} checked={v === true} onChange={(c) => writeField(target.ops, target.bo, f, c)} testId={`panel-${f.key}`} />
        ) : (
          <TextRow key={f.key} label={f.label} value={String(v)} multiline={f.kind === 'textarea'} testId={`panel-${f.key}`} onCommit={(x) => writeField(target.ops, target.bo, f, x)} />
        );
      })}
    </>
  );
}

/** User task attributes: priority and due date (no skipExpression: the engine refuses it, REFUSED_ATTRIBUTES). */
export function UserTaskAttrs({ target }: { target: PanelTarget }) {
  const { bo, ops } = target;
  const a = readTaskAttrs(bo);
  return (
    <>
      <TextRow label="优先级" value={a.priority} testId="panel-priority" validate={(v) => (v.trim() && !/^\d+$/.test(v.trim()) && !/^[$#]\{/.test(v.trim()) ? '请输入数字或表达式' : undefined)}
        onCommit={(v) => writeTaskAttr(ops, bo, 'priority', v)} />
      <DateRow label="到期时间" value={a.dueDate} testId="panel-due-date" onCommit={(v) => writeTaskAttr(ops, bo, 'dueDate', v)} />
    </>
  );
}

/**
 * A date attribute stored as yyyy-MM-ddTHH:mm:ss (spec §3): the Chinese date-time picker (shown
 * as yyyy-MM-dd HH:mm:ss, spec §9), or a text field when the value is an expression (`${…}`) or not a date.
 */
function DateRow({ label, value, testId, onCommit }: { label: string; value: string; testId: string; onCommit: (v: string) => void }) {
  const isDate = !value || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value);
  if (!isDate) {
    return <TextRow label={label} value={value} placeholder={DUE_DATE_FORMAT} testId={testId} validate={dueDateError} onCommit={(v) => !dueDateError(v) && onCommit(v)} />;
  }
  return (
    <Row label={label}>
      <DatePicker type="datetime" value={value.replace('T', ' ')} w="full" name={testId} placeholder={label}
        onChange={(v) => onCommit(v ? v.replace(' ', 'T') : '')} />
    </Row>
  );
}
