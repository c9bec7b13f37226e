/**
 * 基本资料 tab of 个人中心 (platform spec §2 Profile, §5 "Profile"; RuoYi userInfo.vue): 用户昵称,
 * 手机号码, 邮箱, 性别; 保存 → 修改成功 (the navbar nickname follows), 关闭 closes the tab.
 */
import { Box, Button, Flex, Input } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { msgSuccess } from '../../../../lib/modal/toaster';
import { useTRPC } from '../../../../lib/trpc';
import { DictRadio, FormItem, pattern, required, useForm, type Rules } from '../../../../components/form/form-kit';

export interface InfoForm {
  nickName: string;
  phonenumber: string;
  email: string;
  sex: string;
}

export const INFO_RULES: Rules<InfoForm> = {
  nickName: [required('用户昵称不能为空')],
  email: [required('邮箱地址不能为空'), pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, '请输入正确的邮箱地址')],
  phonenumber: [required('手机号码不能为空'), pattern(/^1[3-9]\d{9}$/, '请输入正确的手机号码')],
};

const SEX = [
  { value: '0', label: '男', elTagType: '', elTagClass: '', raw: { dictLabel: '男', dictValue: '0' } },
  { value: '1', label: '女', elTagType: '', elTagClass: '', raw: { dictLabel: '女', dictValue: '1' } },
];

export function UserInfoForm({ user, onSaved, onClose }: { user: InfoForm; onSaved: (form: InfoForm) => void; onClose: () => void }) {
  const trpc = useTRPC();
  const { form, errors, set, blur, check, reset } = useForm<InfoForm>(user, INFO_RULES);
  const update = useMutation(trpc.system.profile.update.mutationOptions());
  useEffect(() => reset(user), [user.nickName, user.phonenumber, user.email, user.sex]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = () => {
    if (!check()) return;
    update.mutate(
      { nickName: form.nickName, phonenumber: form.phonenumber, email: form.email, sex: (form.sex || null) as '0' | '1' | '2' | null },
      {
        onSuccess: () => {
          msgSuccess('修改成功');
          onSaved(form);
        },
      },
    );
  };
  const text = (key: 'nickName' | 'phonenumber' | 'email', maxLength: number) => (
    <Input size="sm" name={key} maxLength={maxLength} value={form[key]} onChange={(e) => set(key, e.target.value)} onBlur={() => blur(key)} />
  );

  return (
    <Box maxW="640px" data-testid="profile-info-form">
      <FormItem label="用户昵称" required error={errors.nickName}>
        {text('nickName', 30)}
      </FormItem>
      <FormItem label="手机号码" required error={errors.phonenumber}>
        {text('phonenumber', 11)}
      </FormItem>
      <FormItem label="邮箱" required error={errors.email}>
        {text('email', 50)}
      </FormItem>
      <FormItem label="性别" plain>
        <DictRadio options={SEX} value={form.sex} onChange={(v) => set('sex', v)} name="sex" />
      </FormItem>
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
