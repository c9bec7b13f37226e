/**
 * 重置密码 prompt (RuoYi $prompt, title 提示): 请输入"{userName}"的新密码, 5-20 characters without
 * < > " ' \ |; success → 修改成功，新密码是：{password}.
 */
import { Button, Dialog, Field, Input, Portal, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { msgSuccess } from '../../../lib/modal/toaster';
import { useTRPC } from '../../../lib/trpc';

/** The prompt's input check; null when the password may go. */
export function resetPwdError(v: string): string | null {
  if (!/^.{5,20}$/.test(v)) return '用户密码长度必须介于 5 和 20 之间';
  if (/[<>"'|\\]/.test(v)) return '不能包含非法字符：< > " \' \\ |';
  return null;
}

export function ResetPwdDialog({ user, onClose }: { user: { userId: number; userName: string }; onClose: () => void }) {
  const trpc = useTRPC();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation(trpc.system.user.resetPwd.mutationOptions());
  const submit = () => {
    const err = resetPwdError(value);
    setError(err);
    if (err) return;
    reset.mutate(
      { userId: user.userId, password: value },
      {
        onSuccess: () => {
          msgSuccess(`修改成功，新密码是：${value}`);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog.Root open role="alertdialog" size="sm" placement="center" closeOnInteractOutside={false} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reset-pwd-dialog">
            <Dialog.Header>
              <Dialog.Title fontSize="md">提示</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3" fontSize="sm">
                请输入"{user.userName}"的新密码
              </Text>
              <Field.Root invalid={!!error}>
                <Input
                  size="sm"
                  type="password"
                  aria-label="新密码"
                  value={value}
                  autoFocus
                  onChange={(e) => {
                    setValue(e.target.value);
                    if (error) setError(resetPwdError(e.target.value));
                  }}
                  onKeyDown={(e) => e.key === 'Enter' && submit()}
                />
                {error && <Field.ErrorText fontSize="xs">{error}</Field.ErrorText>}
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onClose}>
                取消
              </Button>
              <Button size="sm" colorPalette="brand" onClick={submit} loading={reset.isPending}>
                确定
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
