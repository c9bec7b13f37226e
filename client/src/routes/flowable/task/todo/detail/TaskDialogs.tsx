/**
 * The dialogs of the task-handling screen (workflow spec §2 "Task-handling screen" dialogs, §4
 * "Completion recipient rule", §5 "Task handling"): 流程审批 (recipient choice + 处理意见),
 * 退回流程 (target node + 退回意见), 驳回流程 (驳回意见), 抄送 (issue 16: recipients + 抄送意见,
 * optional). Each validates, then hands its values
 * to `onSubmit`; the screen calls the server.
 */
import { Badge, Button, Flex, Spinner, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { msgError } from '../../../../../lib/modal/toaster';
import { useTRPC } from '../../../../../lib/trpc';
import { FormDialog } from '../../../../../components/feedback/AppDialog';
import { FormItem } from '../../../../../components/form/form-kit';
import { FlowUserPicker } from '../../../../../components/pickers/FlowPickers';
import { RecipientDialog, needsRecipient, recipientKind, type NextNodeInfo } from '../../../../../features/flow-view';
import type { PickedUser } from '../../../../../components/pickers/UserPicker';
import { approveError, MSG_DIALOG_COMMENT, MSG_PICK_COPY, rejectError, returnErrors } from './task-rules';

function CommentInput({ value, onChange, onBlur, placeholder, testId }: { value: string; onChange(v: string): void; onBlur?(): void; placeholder: string; testId: string }) {
  return <Textarea rows={4} size="sm" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} data-testid={testId} />;
}

/** 流程审批: see the file comment. */
export function ApproveDialog({ next, pending, onClose, onSubmit }: {
  next: NextNodeInfo | null;
  pending: boolean;
  onClose(): void;
  onSubmit(v: { comment: string; recipientVars: Record<string, unknown> | null }): void;
}) {
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string>();
  const [recipientVars, setRecipientVars] = useState<Record<string, unknown> | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const needs = needsRecipient(next);
  const roles = recipientKind(next) === 'roles';

  const submit = () => {
    const err = approveError({ comment, next, recipientVars });
    // The comment's message shows once, under its field; a missing recipient has no field of its own.
    if (err === MSG_DIALOG_COMMENT) { setCommentError(err); return; }
    if (err) { msgError(err); return; }
    onSubmit({ comment: comment.trim(), recipientVars });
  };

  return (
    <FormDialog title="流程审批" width="640px" testId="approve-dialog" onClose={onClose} onSubmit={submit} pending={pending}>
      {needs && (
        <FormItem label={roles ? '接收角色' : '接收人员'} required labelWidth="90px" plain>
          <Flex align="center" gap="2" wrap="wrap" minH="8">
            {names.map((n) => <Badge key={n} size="md" colorPalette="blue" variant="subtle" data-testid="approve-recipient">{n}</Badge>)}
            <Button size="xs" variant="outline" colorPalette="brand" onClick={() => setPicking(true)} data-testid="approve-pick">
              {names.length ? '重新选择' : roles ? '选择角色' : '选择人员'}
            </Button>
          </Flex>
        </FormItem>
      )}
      <FormItem label="处理意见" required error={commentError} labelWidth="90px">
        <CommentInput value={comment} placeholder={MSG_DIALOG_COMMENT} testId="approve-comment"
          onChange={(v) => { setComment(v); if (v.trim()) setCommentError(undefined); }}
          onBlur={() => setCommentError(comment.trim() ? undefined : MSG_DIALOG_COMMENT)} />
      </FormItem>
      {needs && (
        <RecipientDialog open={picking} next={next} onClose={() => setPicking(false)}
          onConfirm={(vars, picked) => { setRecipientVars(vars); setNames(picked); setPicking(false); }} />
      )}
    </FormDialog>
  );
}

/** 退回流程: `task.returnList({taskId})` → the target nodes; see the file comment. */
export function ReturnDialog({ taskId, initialTarget, pending, onClose, onSubmit }: {
  taskId: string;
  /** A target chosen beforehand (退回到此节点 in the flow record). */
  initialTarget?: string;
  pending: boolean;
  onClose(): void;
  onSubmit(v: { targetKey: string; comment: string }): void;
}) {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.flowable.task.returnList.queryOptions({ taskId }), retry: false });
  const [targetKey, setTargetKey] = useState(initialTarget ?? '');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ targetKey?: string; comment?: string }>({});
  const submit = () => {
    const e = returnErrors({ targetKey, comment });
    setErrors(e);
    if (!e.targetKey && !e.comment) onSubmit({ targetKey, comment: comment.trim() });
  };
  return (
    <FormDialog title="退回流程" width="560px" testId="return-dialog" onClose={onClose} onSubmit={submit} pending={pending}>
      <FormItem label="退回节点" required error={errors.targetKey} labelWidth="90px" plain>
        {list.isPending ? <Spinner size="sm" mt="2" /> : !list.data?.length ? (
          <Text fontSize="sm" color="gray.500" pt="1.5" data-testid="return-none">暂无可退回的节点</Text>
        ) : (
          <Flex gap="0" wrap="wrap" data-testid="return-targets">
            {list.data.map((n, i) => (
              <Button key={n.id} size="sm" rounded="0" roundedLeft={i === 0 ? 'sm' : '0'} roundedRight={i === list.data.length - 1 ? 'sm' : '0'}
                variant={targetKey === n.id ? 'solid' : 'outline'} colorPalette={targetKey === n.id ? 'brand' : 'gray'}
                aria-pressed={targetKey === n.id}
                onClick={() => { setTargetKey(n.id); setErrors((e) => ({ ...e, targetKey: undefined })); }} data-testid={`return-target-${n.id}`}>
                {n.name || n.id}
              </Button>
            ))}
          </Flex>
        )}
      </FormItem>
      <FormItem label="退回意见" required error={errors.comment} labelWidth="90px">
        <CommentInput value={comment} placeholder="请输入意见" testId="return-comment"
          onChange={(v) => { setComment(v); if (v.trim()) setErrors((e) => ({ ...e, comment: undefined })); }}
          onBlur={() => setErrors((e) => ({ ...e, comment: rejectError(comment) ?? undefined }))} />
      </FormItem>
    </FormDialog>
  );
}

/** 驳回流程: see the file comment. */
export function RejectDialog({ pending, onClose, onSubmit }: { pending: boolean; onClose(): void; onSubmit(v: { comment: string }): void }) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    const e = rejectError(comment);
    setError(e ?? undefined);
    if (!e) onSubmit({ comment: comment.trim() });
  };
  return (
    <FormDialog title="驳回流程" width="560px" testId="reject-dialog" onClose={onClose} onSubmit={submit} pending={pending}>
      <FormItem label="驳回意见" required error={error} labelWidth="90px">
        <CommentInput value={comment} placeholder="请输入意见" testId="reject-comment"
          onChange={(v) => { setComment(v); if (v.trim()) setError(undefined); }}
          onBlur={() => setError(rejectError(comment) ?? undefined)} />
      </FormItem>
    </FormDialog>
  );
}

/** 抄送 (issue 16): pick users (several), an optional message; the task stays where it is. */
export function CopyDialog({ pending, onClose, onSubmit }: { pending: boolean; onClose(): void; onSubmit(v: { userIds: string[]; comment: string }): void }) {
  const [users, setUsers] = useState<PickedUser[]>([]);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [picking, setPicking] = useState(false);
  const submit = () => {
    if (!users.length) { setError(MSG_PICK_COPY); return; }
    onSubmit({ userIds: users.map((u) => String(u.userId)), comment: comment.trim() });
  };
  return (
    <FormDialog title="抄送" width="560px" testId="copy-dialog" onClose={onClose} onSubmit={submit} pending={pending}>
      <FormItem label="抄送人员" required error={error} labelWidth="90px" plain>
        <Flex align="center" gap="2" wrap="wrap" minH="8">
          {users.map((u) => <Badge key={u.userId} size="md" colorPalette="blue" variant="subtle" data-testid="copy-recipient">{u.nickName}</Badge>)}
          <Button size="xs" variant="outline" colorPalette="brand" onClick={() => setPicking(true)} data-testid="copy-pick">{users.length ? '重新选择' : '选择人员'}</Button>
        </Flex>
      </FormItem>
      <FormItem label="抄送意见" labelWidth="90px">
        <CommentInput value={comment} placeholder="请输入抄送意见（选填）" testId="copy-comment" onChange={setComment} />
      </FormItem>
      <FlowUserPicker open={picking} multiple value={users} title="选择抄送人员" emptyMessage={MSG_PICK_COPY}
        onClose={() => setPicking(false)}
        onConfirm={(picked) => { setUsers(picked); setError(undefined); setPicking(false); }} />
    </FormDialog>
  );
}
