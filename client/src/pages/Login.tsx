/**
 * Sign-in screen /login (platform spec §2, §4, §5): account tab, username, password, captcha
 * (when enabled), remember-me (the user name only, 30 days; no password: issue 38 §7), Enter submits;
 * a failure stops loading and refreshes the captcha. After sign-in the guard goes to the
 * redirect target, else the first visible menu route, else home. 立即注册 shows only while
 * registration is open (captcha reply's registerEnabled, config sys.account.registerUser). The
 * password is always sent encrypted (lib/rsa.ts, loaded when the screen opens).
 */
import { Box, Button, Checkbox, Flex, Link, Tabs } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { login, rememberedLogin } from '../lib/stores/user-store';
import { preloadEncryption } from '../lib/rsa';
import { AuthShell } from './auth/AuthShell';
import { CaptchaField, TextField } from './auth/fields';
import { useCaptcha } from './auth/useCaptcha';

type Errors = Partial<Record<'username' | 'password' | 'code', string>>;

export default function Login() {
  const captcha = useCaptcha();
  const [remembered] = useState(rememberedLogin);
  const [username, setUsername] = useState(remembered.rememberMe ? remembered.username : '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [rememberMe, setRememberMe] = useState(remembered.rememberMe);
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
  useEffect(preloadEncryption, []);

  const validate = (): boolean => {
    const next: Errors = {};
    if (!username.trim()) next.username = '请输入您的账号';
    if (!password) next.password = '请输入您的密码';
    if (captcha.enabled && !code.trim()) next.code = '请输入验证码';
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (loading || captcha.pending || !validate()) return;
    setLoading(true);
    try {
      await login({
        username,
        password,
        code: code.trim(),
        uuid: captcha.uuid,
        rememberMe,
      });
    } catch {
      setLoading(false);
      setCode('');
      if (captcha.enabled) captcha.refresh();
    }
    // On success the router guard leaves /login for the redirect target (AppRouter.tsx).
  };

  return (
    <AuthShell>
      <form onSubmit={submit} data-testid="login-form">
        <Tabs.Root defaultValue="account" variant="line" mb="5" size="sm">
          <Tabs.List justifyContent="center">
            <Tabs.Trigger value="account">账号密码登录</Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
        <TextField name="username" value={username} onChange={setUsername} placeholder="账号" error={errors.username} autoComplete="username" />
        <TextField
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          placeholder="密码"
          error={errors.password}
          autoComplete="current-password"
        />
        {captcha.enabled && <CaptchaField value={code} onChange={setCode} error={errors.code} src={captcha.src} failed={captcha.failed} onRefresh={captcha.refresh} />}
        <Checkbox.Root size="sm" checked={rememberMe} onCheckedChange={(d) => setRememberMe(!!d.checked)} mb="5">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="normal">记住密码</Checkbox.Label>
        </Checkbox.Root>
        <Button type="submit" w="full" size="md" colorPalette="brand" loading={loading} disabled={captcha.pending} loadingText="登 录 中..." spinnerPlacement="start">
          登 录
        </Button>
        <Flex justify="flex-end" mt="3" mb="3" minH="5">
          {captcha.registerEnabled && (
            <Link asChild fontSize="sm" color="brand.solid">
              <RouterLink to="/register">立即注册</RouterLink>
            </Link>
          )}
        </Flex>
        <Box h="1" />
      </form>
    </AuthShell>
  );
}
