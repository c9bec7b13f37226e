/**
 * The generation-type dialog (spec §2 "Form designer": a generation type plus a file name; spec §5:
 * type required '生成类型不能为空', fileName required '请输入文件名'; reference §7 form-generator's
 * CodeTypeDialog): 生成类型 radio 页面 / 弹窗 (= 'file' / 'dialog', nothing chosen at first) and
 * 文件名 (default a timestamp name like '1718000000000.tsx'). 确 定 with both set calls
 * `onConfirm({type, fileName})`.
 * Test ids: `code-type-dialog`; the radio items `code-gen-type-file` / `code-gen-type-dialog`, the input `name="fileName"`.
 */
import { Flex, RadioGroup } from '@chakra-ui/react';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { FormInput, FormItem, required, type Rules, useForm } from '../../../components/form/form-kit';
import { CODE_MESSAGES, timestampName } from './actions';
import type { GenerateOptions } from './generate';

interface TypeFields {
  type: '' | GenerateOptions['type'];
  fileName: string;
}

const RULES: Rules<TypeFields> = {
  type: [required(CODE_MESSAGES.typeRequired)],
  fileName: [required(CODE_MESSAGES.fileNameRequired)],
};

export interface GenerateTypeDialogProps {
  onConfirm: (choice: GenerateOptions) => void;
  onClose: () => void;
}

/** The dialog; mount it only while shown (see the module comment). */
export function GenerateTypeDialog({ onConfirm, onClose }: GenerateTypeDialogProps) {
  const f = useForm<TypeFields>({ type: '', fileName: timestampName('tsx') }, RULES);
  const submit = () => {
    if (!f.check() || !f.form.type) return;
    onConfirm({ type: f.form.type, fileName: f.form.fileName.trim() });
  };
  return (
    <FormDialog title="选择生成类型" width="500px" testId="code-type-dialog" onClose={onClose} onSubmit={submit}>
      <FormItem label="生成类型" required error={f.errors.type} plain>
        <RadioGroup.Root size="sm" name="type" value={f.form.type || null} onValueChange={(d) => d.value && f.set('type', d.value as TypeFields['type'])} pt="1.5">
          <Flex gap="5">
            {([['file', '页面'], ['dialog', '弹窗']] as const).map(([value, label]) => (
              <RadioGroup.Item key={value} value={value} data-testid={`code-gen-type-${value}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Flex>
        </RadioGroup.Root>
      </FormItem>
      <FormItem label="文件名" required error={f.errors.fileName}>
        <FormInput state={f} field="fileName" placeholder="请输入文件名" maxLength={100} />
      </FormItem>
    </FormDialog>
  );
}
