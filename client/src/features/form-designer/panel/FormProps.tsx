/**
 * 表单属性 (spec §2 "Form designer", §3 "Form configuration"; form-generator RightPanel second
 * tab): 表单名, 表单模型, 校验模型, 表单尺寸, 标签对齐, 标签宽度, 栅格间隔 (min 0, spec §5), 禁用表单,
 * 表单按钮, 显示未选中组件边框; a missing value shows its spec default (elForm, formData, rules, medium,
 * right, 100, 15). Every edit hands `onFormConfChange` a new object.
 */
import { Box } from '@chakra-ui/react';
import type { FormConfMeta } from '../types';
import { NumberProp, RadioProp, SwitchProp, TextProp } from './controls';
import { FORM_PROP_DEFAULTS, LABEL_POSITION_CHOICES, SIZE_CHOICES } from './props';

/** The 表单属性 tab; see the file comment. */
export function FormProps({ formConf, onFormConfChange }: { formConf: FormConfMeta; onFormConfChange: (next: FormConfMeta) => void }) {
  const f: FormConfMeta = { ...FORM_PROP_DEFAULTS, ...withoutUndefined(formConf) };
  const set = (key: string, v: unknown) => onFormConfChange({ ...formConf, [key]: v });
  return (
    <Box data-testid="form-props">
      <TextProp label="表单名" name="formRef" value={f.formRef} placeholder="请输入表单名（ref）" onChange={(v) => set('formRef', v)} />
      <TextProp label="表单模型" name="formModel" value={f.formModel} placeholder="请输入数据模型" onChange={(v) => set('formModel', v)} />
      <TextProp label="校验模型" name="formRules" value={f.formRules} placeholder="请输入校验模型" onChange={(v) => set('formRules', v)} />
      <RadioProp label="表单尺寸" name="formSize" value={f.size} choices={SIZE_CHOICES} onChange={(v) => set('size', v)} />
      <RadioProp label="标签对齐" name="labelPosition" value={f.labelPosition} choices={LABEL_POSITION_CHOICES} onChange={(v) => set('labelPosition', v)} />
      <NumberProp label="标签宽度" name="formLabelWidth" min={0} value={f.labelWidth} placeholder="标签宽度" onChange={(v) => set('labelWidth', v ?? FORM_PROP_DEFAULTS.labelWidth)} />
      <NumberProp label="栅格间隔" name="formGutter" min={0} value={f.gutter} placeholder="栅格间隔" onChange={(v) => set('gutter', v ?? 0)} />
      <SwitchProp label="禁用表单" name="formDisabled" checked={f.disabled === true} onChange={(v) => set('disabled', v)} />
      <SwitchProp label="表单按钮" name="formBtns" checked={f.formBtns !== false} onChange={(v) => set('formBtns', v)} />
      <SwitchProp label="显示未选中组件边框" name="unFocusedComponentBorder" checked={f.unFocusedComponentBorder === true} onChange={(v) => set('unFocusedComponentBorder', v)} />
    </Box>
  );
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
