/**
 * 添加字典数据 / 修改字典数据 dialog (500px; platform spec §2 "Dictionary data", §3, §4, §5;
 * RuoYi views/system/dict/data.vue): 字典类型 (read-only), 数据标签, 数据键值, 样式属性, 显示排序
 * (default 0), 回显样式 (default), 状态 (default 0), 备注. Add when there is no dictCode, update
 * when there is one; after either the client's cached dictionary of that type is dropped.
 */
import { Input, NumberInput, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LIST_CLASSES } from '../../../../../shared/schemas/system/dict';
import { dropDictCache, useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictRadio, FormItem, required, useForm, type Rules, useFormFrom } from '../../../components/form/form-kit';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { saveForm } from '../../../components/form/save-form';

type ListClass = (typeof LIST_CLASSES)[number];

/** 回显样式 options (RuoYi listClassOptions). */
export const LIST_CLASS_OPTIONS: { value: ListClass; label: string }[] = [
  { value: 'default', label: '默认' },
  { value: 'primary', label: '主要' },
  { value: 'success', label: '成功' },
  { value: 'info', label: '信息' },
  { value: 'warning', label: '警告' },
  { value: 'danger', label: '危险' },
];

interface DictDataForm {
  dictCode?: number;
  dictType: string;
  dictLabel: string;
  dictValue: string;
  cssClass: string;
  dictSort: string;
  listClass: string;
  status: string;
  remark: string;
}

const RULES: Rules<DictDataForm> = {
  dictLabel: [required('数据标签不能为空')],
  dictValue: [required('数据键值不能为空')],
  dictSort: [required('数据顺序不能为空')],
};

const emptyForm = (dictType: string): DictDataForm => ({
  dictType, dictLabel: '', dictValue: '', cssClass: '', dictSort: '0', listClass: 'default', status: '0', remark: '',
});

export function DictDataDialog({ dictCode, dictType, onClose, onSaved }: {
  /** undefined = add. */
  dictCode?: number;
  /** The type of the screen's filter (the new entry's type). */
  dictType: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const isAdd = dictCode === undefined;
  const dict = useDict('sys_normal_disable');
  const { form, errors, set, blur, check, reset } = useForm<DictDataForm>(emptyForm(dictType), RULES);
  const detail = useQuery({ ...trpc.system.dict.data.get.queryOptions({ dictCode: dictCode ?? 0 }), enabled: !isAdd, gcTime: 0, staleTime: 0 });
  const add = useMutation(trpc.system.dict.data.add.mutationOptions());
  const update = useMutation(trpc.system.dict.data.update.mutationOptions());

  useFormFrom(detail.data, reset, (d) => ({
    dictCode: d.dictCode, dictType: d.dictType, dictLabel: d.dictLabel, dictValue: d.dictValue, cssClass: d.cssClass ?? '',
    dictSort: String(d.dictSort ?? 0), listClass: d.listClass || 'default', status: d.status, remark: d.remark ?? '',
  }));

  const submit = () => {
    if (!check()) return;
    const body = {
      dictType: form.dictType, dictLabel: form.dictLabel, dictValue: form.dictValue, cssClass: form.cssClass,
      dictSort: Number(form.dictSort), listClass: form.listClass as ListClass, status: form.status as '0' | '1', remark: form.remark,
    };
    // The type's cached options are stale after a save (spec §4).
    saveForm(form.dictCode === undefined, add, update, body, { ...body, dictCode: form.dictCode! }, () => {
      dropDictCache(form.dictType);
      onSaved();
    });
  };

  return (
    <FormDialog title={isAdd ? '添加字典数据' : '修改字典数据'} onClose={onClose} onSubmit={submit}
      pending={add.isPending || update.isPending} loading={!isAdd && detail.isPending} testId="dict-data-dialog">
      <FormItem label="字典类型">
        <Input size="sm" name="dictType" value={form.dictType} disabled readOnly />
      </FormItem>
      <FormItem label="数据标签" required error={errors.dictLabel}>
        <Input size="sm" name="dictLabel" placeholder="请输入数据标签" value={form.dictLabel}
          onChange={(e) => set('dictLabel', e.target.value)} onBlur={() => blur('dictLabel')} />
      </FormItem>
      <FormItem label="数据键值" required error={errors.dictValue}>
        <Input size="sm" name="dictValue" placeholder="请输入数据键值" value={form.dictValue}
          onChange={(e) => set('dictValue', e.target.value)} onBlur={() => blur('dictValue')} />
      </FormItem>
      <FormItem label="样式属性">
        <Input size="sm" name="cssClass" placeholder="请输入样式属性" value={form.cssClass} onChange={(e) => set('cssClass', e.target.value)} />
      </FormItem>
      <FormItem label="显示排序" required error={errors.dictSort}>
        <NumberInput.Root size="sm" min={0} w="160px" value={form.dictSort} onValueChange={(d) => set('dictSort', d.value)}
          onBlur={() => blur('dictSort')}>
          <NumberInput.Control />
          <NumberInput.Input name="dictSort" aria-label="显示排序" />
        </NumberInput.Root>
      </FormItem>
      <FormItem label="回显样式">
        <OptionSelect name="listClass" options={LIST_CLASS_OPTIONS} value={form.listClass} w="100%"
          onChange={(v) => set('listClass', v)} />
      </FormItem>
      <FormItem label="状态" plain>
        <DictRadio options={dict.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
      </FormItem>
      <FormItem label="备注">
        <Textarea size="sm" name="remark" placeholder="请输入内容" value={form.remark} onChange={(e) => set('remark', e.target.value)} />
      </FormItem>
    </FormDialog>
  );
}
