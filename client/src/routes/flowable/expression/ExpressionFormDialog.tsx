/**
 * 添加流程表达式 / 修改流程表达式 dialog (500px; workflow spec §3 "Expression", reference §2
 * `/system/expression`): 名称, 表达式内容, 指定类型 (exp_data_type: fixed 系统指定 / dynamic 动态选择),
 * 状态, 备注, with the server's rules (表达式名称不能为空, 表达式内容不能为空, lengths 100 / 500).
 * 确 定 → 新增成功 / 修改成功.
 */
import { Input, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DATA_TYPE_LABELS } from '../../../components/flowable-library';
import { EMPTY_EXPRESSION, EXPRESSION_CHECKS, optionsOf, toRules, type ExpressionForm } from '../../../components/flowable-library/options';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { DictRadio, FormItem, useForm, useFormFrom } from '../../../components/form/form-kit';
import { saveForm } from '../../../components/form/save-form';

const RULES = toRules(EXPRESSION_CHECKS);

/** The add (no `id`) / edit dialog of one expression. */
export function ExpressionFormDialog({ id, onClose, onSaved }: { id?: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const isAdd = id === undefined;
  const dict = useDict('sys_normal_disable', 'exp_data_type');
  const dataTypes = optionsOf(Object.keys(DATA_TYPE_LABELS), DATA_TYPE_LABELS, dict.exp_data_type);
  const { form, errors, set, blur, check, reset } = useForm<ExpressionForm>(EMPTY_EXPRESSION, RULES);
  const detail = useQuery({ ...trpc.flowable.expression.get.queryOptions({ id: id ?? 0 }), enabled: !isAdd, gcTime: 0, staleTime: 0 });
  const add = useMutation(trpc.flowable.expression.add.mutationOptions());
  const update = useMutation(trpc.flowable.expression.update.mutationOptions());

  useFormFrom(detail.data, reset, (d) => ({ name: d.name, expression: d.expression, dataType: d.dataType ?? 'fixed', status: d.status ?? '0', remark: d.remark ?? '' }));

  const submit = () => {
    if (!check()) return;
    const body = { ...form, dataType: form.dataType as 'fixed' | 'dynamic', status: form.status as '0' | '1' };
    saveForm(isAdd, add, update, body, { ...body, id: id! }, onSaved);
  };

  return (
    <FormDialog title={isAdd ? '添加流程表达式' : '修改流程表达式'} width="560px" onClose={onClose} onSubmit={submit}
      pending={add.isPending || update.isPending} loading={!isAdd && detail.isPending} testId="expression-dialog">
      <FormItem label="名称" required error={errors.name} labelWidth="90px">
        <Input size="sm" name="name" placeholder="请输入表达式名称" maxLength={100} value={form.name}
          onChange={(e) => set('name', e.target.value)} onBlur={() => blur('name')} />
      </FormItem>
      <FormItem label="表达式内容" required error={errors.expression} labelWidth="90px">
        <Input size="sm" name="expression" placeholder="请输入表达式内容，如 ${INITIATOR}" maxLength={500} value={form.expression} fontFamily="mono"
          onChange={(e) => set('expression', e.target.value)} onBlur={() => blur('expression')} />
      </FormItem>
      <FormItem label="指定类型" required error={errors.dataType} labelWidth="90px" plain>
        <DictRadio options={dataTypes} value={form.dataType} onChange={(v) => set('dataType', v)} name="dataType" />
      </FormItem>
      <FormItem label="状态" labelWidth="90px" plain>
        <DictRadio options={dict.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
      </FormItem>
      <FormItem label="备注" error={errors.remark} labelWidth="90px">
        <Textarea size="sm" name="remark" placeholder="请输入内容" value={form.remark} onChange={(e) => set('remark', e.target.value)} onBlur={() => blur('remark')} />
      </FormItem>
    </FormDialog>
  );
}
