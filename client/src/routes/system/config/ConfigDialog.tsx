/**
 * 添加参数 / 修改参数 dialog (500px, RuoYi views/system/config/index.vue): 参数名称, 参数键名,
 * 参数键值, 系统内置 (sys_yes_no, default Y), 备注 with 参数名称不能为空 / 参数键名不能为空 /
 * 参数键值不能为空. 确 定 → 新增成功 / 修改成功.
 */
import { Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { DictRadio, FormInput, FormItem, required, type Rules, useForm, useFormFrom } from '../../../components/form/form-kit';
import { saveForm } from '../../../components/form/save-form';

interface ConfigForm {
  configName: string;
  configKey: string;
  configValue: string;
  configType: string;
  remark: string;
}

const EMPTY: ConfigForm = { configName: '', configKey: '', configValue: '', configType: 'Y', remark: '' };
const RULES: Rules<ConfigForm> = {
  configName: [required('参数名称不能为空')],
  configKey: [required('参数键名不能为空')],
  configValue: [required('参数键值不能为空')],
};

export function ConfigDialog({ configId, onClose, onSaved }: { configId?: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const isAdd = configId === undefined;
  const dict = useDict('sys_yes_no');
  const f = useForm<ConfigForm>(EMPTY, RULES);
  const { form, errors, set, check, reset } = f;
  const detail = useQuery({ ...trpc.system.config.get.queryOptions({ configId: configId ?? 0 }), enabled: !isAdd, gcTime: 0, staleTime: 0 });
  const add = useMutation(trpc.system.config.add.mutationOptions());
  const update = useMutation(trpc.system.config.update.mutationOptions());

  useFormFrom(detail.data, reset, (d) => ({ configName: d.configName, configKey: d.configKey, configValue: d.configValue, configType: d.configType, remark: d.remark ?? '' }));

  const submit = () => {
    if (!check()) return;
    const body = { ...form, configType: form.configType as 'Y' | 'N' };
    saveForm(isAdd, add, update, body, { ...body, configId: configId! }, onSaved);
  };

  const text = (key: 'configName' | 'configKey' | 'configValue', placeholder: string) => (
    <FormInput state={f} field={key} placeholder={placeholder} />
  );

  return (
    <FormDialog title={isAdd ? '添加参数' : '修改参数'} onClose={onClose} onSubmit={submit}
      pending={add.isPending || update.isPending} loading={!isAdd && detail.isPending} testId="config-dialog">
      <FormItem label="参数名称" required error={errors.configName}>
        {text('configName', '请输入参数名称')}
      </FormItem>
      <FormItem label="参数键名" required error={errors.configKey}>
        {text('configKey', '请输入参数键名')}
      </FormItem>
      <FormItem label="参数键值" required error={errors.configValue}>
        {text('configValue', '请输入参数键值')}
      </FormItem>
      <FormItem label="系统内置" plain>
        <DictRadio options={dict.sys_yes_no} value={form.configType} onChange={(v) => set('configType', v)} name="configType" />
      </FormItem>
      <FormItem label="备注">
        <Textarea size="sm" name="remark" placeholder="请输入内容" value={form.remark} onChange={(e) => set('remark', e.target.value)} />
      </FormItem>
    </FormDialog>
  );
}
