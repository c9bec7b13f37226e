/**
 * 基本信息 tab of 修改生成配置 (RuoYi views/tool/gen/basicInfoForm.vue): 表名称, 表描述, 实体类名称,
 * 作者 (two per row, required with the spec §5 messages), 备注 (full width).
 */
import { Grid, Textarea } from '@chakra-ui/react';
import { FormInput, FormItem, required, type FormState, type Rules } from '../../../components/form/form-kit';
import { GEN_MSG } from '../../../../../shared/schemas/tool/gen';
import type { BasicForm } from './gen-kit';

export const BASIC_RULES: Rules<BasicForm> = {
  tableName: [required(GEN_MSG.tableName)],
  tableComment: [required(GEN_MSG.tableComment)],
  className: [required(GEN_MSG.className)],
  functionAuthor: [required(GEN_MSG.functionAuthor)],
};

const L = '120px';

export function BasicInfoForm({ state }: { state: FormState<BasicForm> }) {
  const { form, errors, set } = state;
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} columnGap="6" maxW="1100px" data-testid="gen-basic-form">
      <FormItem label="表名称" required error={errors.tableName} labelWidth={L}>
        <FormInput state={state} field="tableName" placeholder="请输入仓库名称" maxLength={128} />
      </FormItem>
      <FormItem label="表描述" required error={errors.tableComment} labelWidth={L}>
        <FormInput state={state} field="tableComment" placeholder="请输入" maxLength={500} />
      </FormItem>
      <FormItem label="实体类名称" required error={errors.className} labelWidth={L}>
        <FormInput state={state} field="className" placeholder="请输入" maxLength={100} />
      </FormItem>
      <FormItem label="作者" required error={errors.functionAuthor} labelWidth={L}>
        <FormInput state={state} field="functionAuthor" placeholder="请输入" maxLength={50} />
      </FormItem>
      <Grid gridColumn={{ lg: 'span 2' }}>
        <FormItem label="备注" labelWidth={L}>
          <Textarea size="sm" name="remark" rows={3} value={form.remark} onChange={(e) => set('remark', e.target.value)} maxLength={500} />
        </FormItem>
      </Grid>
    </Grid>
  );
}
