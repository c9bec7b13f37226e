/**
 * The option / tree-node dialog (spec §2 "Form designer": tree-node dialog; §5: 选项名 required
 * '请输入选项名', 选项值 required '请输入选项值'). `onSubmit` gets the option with its value
 * normalised (spec §3 "Option item": a numeric string becomes a number); the dialog then closes.
 */
import { Input } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { FormItem } from '../../../components/form/form-kit';
import type { FormOption } from '../../../../../shared/form/types';
import { makeOption, validateOption } from './lists';

export interface OptionDialogProps {
  open: boolean;
  /** '添加选项' or '添加节点'. */
  title: string;
  testId: string;
  onClose: () => void;
  onSubmit: (option: FormOption) => void;
}

/** The dialog; see the file comment. Its inputs are named `optionLabel` / `optionValue`. */
export function OptionDialog({ open, title, testId, onClose, onSubmit }: OptionDialogProps) {
  const [form, setForm] = useState({ label: '', value: '' });
  const [errors, setErrors] = useState<{ label?: string; value?: string }>({});
  const close = () => {
    setForm({ label: '', value: '' });
    setErrors({});
    onClose();
  };
  const set = (key: 'label' | 'value', v: string) => {
    const next = { ...form, [key]: v };
    setForm(next);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: validateOption(next)[key] }));
  };
  const submit = () => {
    const found = validateOption(form);
    setErrors(found);
    if (found.label || found.value) return;
    onSubmit(makeOption(form));
    close();
  };
  return (
    <FormDialog open={open} title={title} width="500px" testId={testId} onClose={close} onSubmit={submit}>
      <FormItem label="选项名" required error={errors.label}>
        <Input size="sm" name="optionLabel" value={form.label} placeholder="请输入选项名" onChange={(e) => set('label', e.target.value)} />
      </FormItem>
      <FormItem label="选项值" required error={errors.value}>
        <Input
          size="sm"
          name="optionValue"
          value={form.value}
          placeholder="请输入选项值"
          onChange={(e) => set('value', e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
        />
      </FormItem>
    </FormDialog>
  );
}
