/**
 * 添加表单 / 修改表单 dialog (500px; spec §3 "Flowable form", §5 'JSON格式错误，请检查'): 表单名称
 * (required), 表单内容 (the form-generator JSON, checked with parseFormContent), 备注. The list
 * opens it from a row's JSON button; 新增 / 修改 go to the form designer (/tool/build/index).
 */
import { Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { parseFormContent } from '../../../../components/form-render';
import { useTRPC } from '../../../../lib/trpc';
import { FormDialog } from '../../../../components/feedback/AppDialog';
import { FormInput, FormItem, required, type Rules, useForm, useFormFrom } from '../../../../components/form/form-kit';
import { saveForm } from '../../../../components/form/save-form';

interface FlowForm {
  formName: string;
  formContent: string;
  remark: string;
}

const EMPTY: FlowForm = { formName: '', formContent: '', remark: '' };

/** 表单内容 must be a stored form JSON when given. */
export function formContentError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    parseFormContent(text);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const RULES: Rules<FlowForm> = {
  formName: [required('表单名称不能为空')],
  formContent: [(v) => formContentError(String(v ?? ''))],
};

/** Pretty-prints stored JSON for editing (kept as is when it does not parse). */
function pretty(text: string | null | undefined): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function FormEditDialog({ formId, onClose, onSaved }: { formId?: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const isAdd = formId === undefined;
  const f = useForm<FlowForm>(EMPTY, RULES);
  const { form, errors, set, blur, check, reset } = f;
  const stored = useQuery({ ...trpc.flowable.form.get.queryOptions({ formId: formId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const add = useMutation(trpc.flowable.form.add.mutationOptions());
  const update = useMutation(trpc.flowable.form.update.mutationOptions());

  useFormFrom(isAdd ? undefined : stored.data, reset, (row) => ({ formName: row.formName ?? '', formContent: pretty(row.formContent), remark: row.remark ?? '' }));

  const submit = () => {
    if (!check()) return;
    const content = form.formContent.trim() ? JSON.stringify(parseFormContent(form.formContent)) : undefined;
    const body = { formName: form.formName.trim(), formContent: content, remark: form.remark };
    saveForm(isAdd, add, update, body, { ...body, formId: formId! }, onSaved);
  };

  return (
    <FormDialog
      title={isAdd ? '添加表单' : '修改表单'}
      width="500px"
      testId="flow-form-dialog"
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending || update.isPending}
      loading={!isAdd && stored.isPending}
    >
      <FormItem label="表单名称" required error={errors.formName}>
        <FormInput state={f} field="formName" placeholder="请输入表单名称" maxLength={100} />
      </FormItem>
      <FormItem label="表单内容" error={errors.formContent}>
        <Textarea
          size="sm"
          name="formContent"
          placeholder='请输入表单 JSON，如 {"fields": [], "formBtns": true, ...}'
          rows={12}
          fontFamily="mono"
          fontSize="xs"
          spellCheck={false}
          value={form.formContent}
          onChange={(e) => set('formContent', e.target.value)}
          onBlur={() => blur('formContent')}
        />
      </FormItem>
      <FormItem label="备注">
        <Textarea size="sm" name="remark" placeholder="请输入备注" maxLength={500} value={form.remark} onChange={(e) => set('remark', e.target.value)} />
      </FormItem>
    </FormDialog>
  );
}
