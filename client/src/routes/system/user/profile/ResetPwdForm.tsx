/**
 * 修改密码 tab of 个人中心 (platform spec §5 "Password change"; RuoYi resetPwd.vue): 旧密码, 新密码
 * (6-20), 确认密码 (equal); 保存 → 修改成功, 关闭 closes the tab.
 */
import { Box, Button, Flex } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { msgSuccess } from '../../../../lib/modal/toaster';
import { useTRPC } from '../../../../lib/trpc';
import { FormInput, FormItem, lengthBetween, required, type Rules, useForm } from '../../../../components/form/form-kit';

export interface PwdForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const PWD_RULES: Rules<PwdForm> = {
  oldPassword: [required('旧密码不能为空')],
  newPassword: [required('新密码不能为空'), lengthBetween(6, 20, '长度在 6 到 20 个字符')],
  confirmPassword: [required('确认密码不能为空'), (v, f) => (v !== f.newPassword ? '两次输入的密码不一致' : null)],
};

const EMPTY: PwdForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ResetPwdForm({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const f = useForm<PwdForm>(EMPTY, PWD_RULES);
  const { form, errors, check } = f;
  const update = useMutation(trpc.system.profile.updatePwd.mutationOptions());
  const submit = () => {
    if (!check()) return;
    update.mutate(form, { onSuccess: () => msgSuccess('修改成功') });
  };
  const field = (key: keyof PwdForm, label: string, placeholder: string) => (
    <FormItem label={label} required error={errors[key]}>
      <FormInput state={f} field={key} placeholder={placeholder} type="password" />
    </FormItem>
  );
  return (
    <Box maxW="640px" data-testid="profile-pwd-form">
      {field('oldPassword', '旧密码', '请输入旧密码')}
      {field('newPassword', '新密码', '请输入新密码')}
      {field('confirmPassword', '确认密码', '请确认新密码')}
      <Flex gap="2" pl="92px">
        <Button size="xs" colorPalette="brand" onClick={submit} loading={update.isPending}>
          保存
        </Button>
        <Button size="xs" colorPalette="red" onClick={onClose}>
          关闭
        </Button>
      </Flex>
    </Box>
  );
}
