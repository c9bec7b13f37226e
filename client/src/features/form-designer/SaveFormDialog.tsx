/**
 * The designer's 保存 dialog (spec §2 "Form designer": save form through a dialog 500 px wide
 * with formName and remark; reference §7 Save; spec §4: the id counter resets after save):
 * 表单名称 (required, '表单名称不能为空'), 备注. 确 定 posts `{formName, formContent, remark}` to
 * `flowable.form.add`, or `flowable.form.update` with `formId` when the designer was opened with
 * `?formId=`; on success 新增成功 / 修改成功 and `onSaved()`. A refused save keeps the dialog open
 * (the global mutation handler shows the server's message).
 * Props: `formId?`, `initial` ({formName, remark}), `conf` (the whole form), `onClose`, `onSaved`.
 * Test id: `designer-save-dialog`.
 */
import { Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { FormDialog } from '../../components/feedback/AppDialog';
import { FormInput, FormItem, required, type Rules, useForm } from '../../components/form/form-kit';
import { saveForm } from '../../components/form/save-form';
import { useTRPC } from '../../lib/trpc';
import type { FormConf } from '../../components/form-render';

interface SaveFields {
  formName: string;
  remark: string;
}

const RULES: Rules<SaveFields> = { formName: [required('表单名称不能为空')] };

export interface SaveFormDialogProps {
  formId?: number;
  initial: SaveFields;
  conf: FormConf;
  onClose: () => void;
  onSaved: () => void;
}

/** The 保存 dialog (see the file comment). */
export function SaveFormDialog({ formId, initial, conf, onClose, onSaved }: SaveFormDialogProps) {
  const trpc = useTRPC();
  const isAdd = formId === undefined;
  const f = useForm<SaveFields>(initial, RULES);
  const add = useMutation(trpc.flowable.form.add.mutationOptions());
  const update = useMutation(trpc.flowable.form.update.mutationOptions());

  const submit = () => {
    if (!f.check()) return;
    const body = { formName: f.form.formName.trim(), formContent: JSON.stringify(conf), remark: f.form.remark };
    saveForm(isAdd, add, update, body, { ...body, formId: formId! }, onSaved);
  };

  return (
    <FormDialog
      title={isAdd ? '添加表单' : '修改表单'}
      width="500px"
      testId="designer-save-dialog"
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending || update.isPending}
    >
      <FormItem label="表单名称" required error={f.errors.formName}>
        <FormInput state={f} field="formName" placeholder="请输入表单名称" maxLength={100} />
      </FormItem>
      <FormItem label="备注">
        <Textarea size="sm" name="remark" placeholder="请输入备注" maxLength={500} value={f.form.remark} onChange={(e) => f.set('remark', e.target.value)} />
      </FormItem>
    </FormDialog>
  );
}
