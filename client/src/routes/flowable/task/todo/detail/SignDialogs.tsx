/**
 * 加签 / 减签 dialogs of the task-handling screen (issue 16), shown when the task is part of a
 * countersign (`flowable.task.signers` → multiInstance): 加签 picks one user and the mode
 * (并行加签 on a parallel countersign; 向前加签 / 向后加签 on a sequential one) with an optional
 * message; 减签 picks one of the other signers who have not acted. The screen calls the server.
 */
import { Badge, Button, Flex, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { PickedUser } from '../../../../../components/pickers/UserPicker';
import { FormDialog } from '../../../../../components/feedback/AppDialog';
import { DictRadio, FormItem } from '../../../../../components/form/form-kit';
import type { DictOption } from '../../../../../hooks/useDict';
import { FlowUserPicker } from '../../../../../components/pickers/FlowPickers';

export type SignMode = 'parallel' | 'before' | 'after';
export interface Signer { userId: string; nickName: string; state: 'running' | 'pending' }

export const MSG_PICK_SIGNER = '请选择加签人员';
export const MSG_PICK_REMOVE = '请选择减签人员';

const opt = (value: string, label: string) => ({ value, label, elTagType: '', elTagClass: '' }) as DictOption;
/** The modes a body allows (the server refuses the others). */
export const signModes = (sequential: boolean): DictOption[] => (sequential ? [opt('before', '向前加签'), opt('after', '向后加签')] : [opt('parallel', '并行加签')]);

function Message({ value, onChange, testId }: { value: string; onChange(v: string): void; testId: string }) {
  return <Textarea rows={3} size="sm" value={value} placeholder="请输入意见（选填）" onChange={(e) => onChange(e.target.value)} data-testid={testId} />;
}

/** 加签: see the file comment. */
export function AddSignDialog({ sequential, pending, onClose, onSubmit }: {
  sequential: boolean;
  pending: boolean;
  onClose(): void;
  onSubmit(v: { assignee: string; mode: SignMode; comment: string }): void;
}) {
  const modes = signModes(sequential);
  const [mode, setMode] = useState(modes[0].value as SignMode);
  const [user, setUser] = useState<PickedUser | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [picking, setPicking] = useState(false);
  const submit = () => {
    if (!user) { setError(MSG_PICK_SIGNER); return; }
    onSubmit({ assignee: String(user.userId), mode, comment: comment.trim() });
  };
  return (
    <FormDialog title="加签" width="560px" testId="add-sign-dialog" onClose={onClose} onSubmit={submit} pending={pending}>
      <FormItem label="加签方式" labelWidth="90px" plain>
        <DictRadio name="mode" options={modes} value={mode} onChange={(v) => setMode(v as SignMode)} />
      </FormItem>
      <FormItem label="加签人员" required error={error} labelWidth="90px" plain>
        <Flex align="center" gap="2" minH="8">
          {user && <Badge size="md" colorPalette="blue" variant="subtle" data-testid="add-sign-user">{user.nickName}</Badge>}
          <Button size="xs" variant="outline" colorPalette="brand" onClick={() => setPicking(true)} data-testid="add-sign-pick">{user ? '重新选择' : '选择人员'}</Button>
        </Flex>
      </FormItem>
      <FormItem label="加签意见" labelWidth="90px">
        <Message value={comment} onChange={setComment} testId="add-sign-comment" />
      </FormItem>
      <FlowUserPicker open={picking} multiple={false} value={user ? [user] : []} title="选择加签人员" emptyMessage={MSG_PICK_SIGNER}
        onClose={() => setPicking(false)}
        onConfirm={(picked) => { setUser(picked[0] ?? null); setError(undefined); setPicking(false); }} />
    </FormDialog>
  );
}

/** 减签: see the file comment. `signers` excludes the current user. */
export function RemoveSignDialog({ signers, pending, onClose, onSubmit }: {
  signers: Signer[];
  pending: boolean;
  onClose(): void;
  onSubmit(v: { assignee: string; comment: string }): void;
}) {
  const [assignee, setAssignee] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    if (!assignee) { setError(MSG_PICK_REMOVE); return; }
    onSubmit({ assignee, comment: comment.trim() });
  };
  const options = signers.map((s) => opt(s.userId, `${s.nickName}${s.state === 'pending' ? '（待审批）' : '（审批中）'}`));
  return (
    <FormDialog title="减签" width="560px" testId="remove-sign-dialog" onClose={onClose} onSubmit={submit} pending={pending}>
      <FormItem label="减签人员" required error={error} labelWidth="90px" plain>
        {options.length
          ? <DictRadio name="signer" options={options} value={assignee} onChange={(v) => { setAssignee(v); setError(undefined); }} />
          : <Text fontSize="sm" color="gray.500" pt="1.5" data-testid="remove-sign-none">没有可减签的人员</Text>}
      </FormItem>
      <FormItem label="减签意见" labelWidth="90px">
        <Message value={comment} onChange={setComment} testId="remove-sign-comment" />
      </FormItem>
    </FormDialog>
  );
}
