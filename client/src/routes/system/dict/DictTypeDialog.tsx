/**
 * 添加字典类型 / 修改字典类型 dialog (500px, RuoYi views/system/dict/index.vue): 字典名称, 字典类型,
 * 状态, 备注 with 字典名称不能为空 / 字典类型不能为空. 确 定 → 新增成功 / 修改成功.
 */
import { Input, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { clearDictCache, useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictRadio, FormItem, required, useForm, type Rules, useFormFrom } from '../../../components/form/form-kit';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { saveForm } from '../../../components/form/save-form';

interface DictTypeForm {
  dictName: string;
  dictType: string;
  status: string;
  remark: string;
}

const EMPTY: DictTypeForm = { dictName: '', dictType: '', status: '0', remark: '' };
const RULES: Rules<DictTypeForm> = {
  dictName: [required('字典名称不能为空')],
  dictType: [required('字典类型不能为空')],
};

export function DictTypeDialog({ dictId, onClose, onSaved }: { dictId?: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const isAdd = dictId === undefined;
  const dict = useDict('sys_normal_disable');
  const { form, errors, set, blur, check, reset } = useForm<DictTypeForm>(EMPTY, RULES);
  const detail = useQuery({ ...trpc.system.dict.type.get.queryOptions({ dictId: dictId ?? 0 }), enabled: !isAdd, gcTime: 0, staleTime: 0 });
  const add = useMutation(trpc.system.dict.type.add.mutationOptions());
  const update = useMutation(trpc.system.dict.type.update.mutationOptions());

  useFormFrom(detail.data, reset, (d) => ({ dictName: d.dictName, dictType: d.dictType, status: d.status, remark: d.remark ?? '' }));

  const submit = () => {
    if (!check()) return;
    const body = { dictName: form.dictName, dictType: form.dictType, status: form.status as '0' | '1', remark: form.remark };
    saveForm(isAdd, add, update, body, { ...body, dictId: dictId! }, () => {
      // A renamed type moves its data: cached options under either name are stale.
      if (!isAdd) clearDictCache();
      onSaved();
    });
  };

  return (
    <FormDialog title={isAdd ? '添加字典类型' : '修改字典类型'} onClose={onClose} onSubmit={submit}
      pending={add.isPending || update.isPending} loading={!isAdd && detail.isPending} testId="dict-type-dialog">
      <FormItem label="字典名称" required error={errors.dictName}>
        <Input size="sm" name="dictName" placeholder="请输入字典名称" value={form.dictName}
          onChange={(e) => set('dictName', e.target.value)} onBlur={() => blur('dictName')} />
      </FormItem>
      <FormItem label="字典类型" required error={errors.dictType}>
        <Input size="sm" name="dictType" placeholder="请输入字典类型" value={form.dictType}
          onChange={(e) => set('dictType', e.target.value)} onBlur={() => blur('dictType')} />
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
