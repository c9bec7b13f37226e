/**
 * Register screen /register (platform spec §2, §5, §8): 账号, 密码, 确认密码, 验证码; success
 * alerts 恭喜你，您的账号 {name} 注册成功！ and goes to /login; a failure stops loading and
 * refreshes the captcha. The password goes out encrypted like the sign-in's (`rsa:` RSA-OAEP,
 * lib/rsa.ts); the confirmation carries the same ciphertext, which the server decrypts and compares.
 */
import { Box, Button, Flex, Link } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { alertDialog } from '../lib/modal/confirm';
import { encryptWithServerKey } from '../lib/stores/user-store';
import { handleRequestError } from '../lib/request-error';
import { preloadEncryption } from '../lib/rsa';
import { trpcClient } from '../lib/trpc';
import { AuthShell } from './auth/AuthShell';
import { CaptchaField, TextField } from './auth/fields';
import { useCaptcha } from './auth/useCaptcha';

type Field = 'username' | 'password' | 'confirmPassword' | 'code';
type Form = Record<Field, string>;

/** Registration rules (spec §5); returns the first message per field. */
export function validateRegister(form: Form, captchaEnabled: boolean): Partial<Form> {
  const errors: Partial<Form> = {};
  const name = form.username.trim();
  if (!name) errors.username = '请输入您的账号';
  else if (name.length < 2 || name.length > 20) errors.username = '用户账号长度必须介于 2 和 20 之间';
  if (!form.password) errors.password = '请输入您的密码';
  else if (form.password.length < 5 || form.password.length > 20) errors.password = '用户密码长度必须介于 5 和 20 之间';
  if (!form.confirmPassword) errors.confirmPassword = '请再次输入您的密码';
  else if (form.confirmPassword !== form.password) errors.confirmPassword = '两次输入的密码不一致';
  if (captchaEnabled && !form.code.trim()) errors.code = '请输入验证码';
  return errors;
}

export default function Register() {
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [form, setForm] = useState<Form>({ username: '', password: '', confirmPassword: '', code: '' });
  const [errors, setErrors] = useState<Partial<Form>>({});
  const [loading, setLoading] = useState(false);
  const set = (key: Field) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  useEffect(preloadEncryption, []);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (loading || captcha.pending) return;
    const found = validateRegister(form, captcha.enabled);
    setErrors(found);
    if (Object.keys(found).length) return;
    setLoading(true);
    const username = form.username.trim();
    const fail = () => {
      setLoading(false);
      set('code')('');
      if (captcha.enabled) captcha.refresh();
    };
    let password: string;
    try {
      password = await encryptWithServerKey(form.password); // shows its own errors
    } catch {
      fail();
      return;
    }
    try {
      await trpcClient.auth.register.mutate({ username, password, confirmPassword: password, code: form.code.trim(), uuid: captcha.uuid });
    } catch (err) {
      handleRequestError(err);
      fail();
      return;
    }
    await alertDialog(`恭喜你，您的账号 ${username} 注册成功！`, '系统提示');
    navigate('/login');
  };

  return (
    <AuthShell>
      <form onSubmit={submit} data-testid="register-form">
        <TextField name="username" value={form.username} onChange={set('username')} placeholder="账号" error={errors.username} />
        <TextField name="password" type="password" value={form.password} onChange={set('password')} placeholder="密码" error={errors.password} autoComplete="new-password" />
        <TextField
          name="confirmPassword"
          type="password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          placeholder="确认密码"
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        {captcha.enabled && <CaptchaField value={form.code} onChange={set('code')} error={errors.code} src={captcha.src} failed={captcha.failed} onRefresh={captcha.refresh} />}
        <Button type="submit" w="full" colorPalette="brand" loading={loading} disabled={captcha.pending} loadingText="注 册 中..." spinnerPlacement="start">
          注 册
        </Button>
        <Flex justify="flex-end" mt="3" mb="3">
          <Link asChild fontSize="sm" color="brand.solid">
            <RouterLink to="/login">使用已有账户登录</RouterLink>
          </Link>
        </Flex>
        <Box h="1" />
      </form>
    </AuthShell>
  );
}
