/**
 * 添加流程监听 / 修改流程监听 dialog (600px; workflow spec §3 "Flow listener", §9 listener events,
 * reference §2 `/system/listener`): 名称, 监听类型 (sys_listener_type), 事件类型 (only the events of
 * the chosen type: task create/assignment/complete/delete, execution start/end/take), 值类型
 * (sys_listener_value_type), 执行内容 (class name or expression), 状态, 备注, with the server's
 * rules (名称不能为空 …, 事件类型与监听类型不匹配). 确 定 → 新增成功 / 修改成功.
 */
import { Input, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useListenerDicts } from '../../../components/flowable-library';
import {
  EMPTY_LISTENER, eventAfterTypeChange, eventTypeOptions, LISTENER_CHECKS, toRules, type ListenerForm,
} from '../../../components/flowable-library/options';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { DictRadio, FormItem, useForm, useFormFrom } from '../../../components/form/form-kit';
import { saveForm } from '../../../components/form/save-form';

const RULES = toRules(LISTENER_CHECKS);

/** Placeholder of 执行内容 by value type. */
const VALUE_PLACEHOLDER: Record<string, string> = {
  classListener: '请输入已注册的监听器类名，如 caishui.listener.UserTaskListener',
  expressionListener: '请输入表达式，如 ${listenerBean.notify(task)}',
  delegateExpressionListener: '请输入代理表达式，如 ${userTaskListener}',
};

/** The form as the server's `listenerAddInput` types it (the rules have checked the codes). */
type ListenerBody = Omit<ListenerForm, 'type' | 'eventType' | 'valueType' | 'status'> & {
  type: '1' | '2';
  eventType: 'create' | 'assignment' | 'complete' | 'delete' | 'start' | 'end' | 'take';
  valueType: 'classListener' | 'expressionListener' | 'delegateExpressionListener';
  status: '0' | '1';
};

/** The add (no `id`) / edit dialog of one library listener. */
export function ListenerFormDialog({ id, onClose, onSaved }: { id?: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const isAdd = id === undefined;
  const dicts = useListenerDicts();
  const status = useDict('sys_normal_disable', 'sys_listener_event_type');
  const { form, errors, set, blur, check, reset } = useForm<ListenerForm>(EMPTY_LISTENER, RULES);
  const detail = useQuery({ ...trpc.flowable.listener.get.queryOptions({ id: id ?? 0 }), enabled: !isAdd, gcTime: 0, staleTime: 0 });
  const add = useMutation(trpc.flowable.listener.add.mutationOptions());
  const update = useMutation(trpc.flowable.listener.update.mutationOptions());

  useFormFrom(detail.data, reset, (d) => ({ name: d.name, type: d.type, eventType: d.eventType, valueType: d.valueType, value: d.value, status: d.status ?? '0', remark: d.remark ?? '' }));

  // A new listener type keeps the event only when that type has it (spec §9).
  useEffect(() => {
    const next = eventAfterTypeChange(form.type, form.eventType);
    if (next !== form.eventType) set('eventType', next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.type]);

  const submit = () => {
    if (!check()) return;
    const body = form as ListenerBody;
    saveForm(isAdd, add, update, body, { ...body, id: id! }, onSaved);
  };

  const lw = '90px';
  return (
    <FormDialog title={isAdd ? '添加流程监听' : '修改流程监听'} width="600px" onClose={onClose} onSubmit={submit}
      pending={add.isPending || update.isPending} loading={!isAdd && detail.isPending} testId="listener-dialog">
      <FormItem label="名称" required error={errors.name} labelWidth={lw}>
        <Input size="sm" name="name" placeholder="请输入名称" maxLength={100} value={form.name}
          onChange={(e) => set('name', e.target.value)} onBlur={() => blur('name')} />
      </FormItem>
      <FormItem label="监听类型" required error={errors.type} labelWidth={lw} plain>
        <DictRadio options={dicts.type} value={form.type} onChange={(v) => set('type', v)} name="type" />
      </FormItem>
      <FormItem label="事件类型" required error={errors.eventType} labelWidth={lw} plain>
        <DictRadio options={eventTypeOptions(form.type, status.sys_listener_event_type)} value={form.eventType}
          onChange={(v) => set('eventType', v)} name="eventType" />
      </FormItem>
      <FormItem label="值类型" required error={errors.valueType} labelWidth={lw} plain>
        <DictRadio options={dicts.valueType} value={form.valueType} onChange={(v) => set('valueType', v)} name="valueType" />
      </FormItem>
      <FormItem label="执行内容" required error={errors.value} labelWidth={lw}>
        <Input size="sm" name="value" fontFamily="mono" maxLength={500} placeholder={VALUE_PLACEHOLDER[form.valueType] ?? '请输入执行内容'}
          value={form.value} onChange={(e) => set('value', e.target.value)} onBlur={() => blur('value')} />
      </FormItem>
      <FormItem label="状态" labelWidth={lw} plain>
        <DictRadio options={status.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
      </FormItem>
      <FormItem label="备注" error={errors.remark} labelWidth={lw}>
        <Textarea size="sm" name="remark" placeholder="请输入内容" value={form.remark} onChange={(e) => set('remark', e.target.value)} onBlur={() => blur('remark')} />
      </FormItem>
    </FormDialog>
  );
}
