/**
 * 选择任务接收 (workflow spec §4 "Completion recipient rule", §9 dialog title; reference §6
 * "Next-node probe"): by the next node's type — assignee → one user, candidateUsers → several
 * users, candidateGroups → roles, otherwise the multi-instance collection → several users. An
 * empty choice warns '请选择任务接收!' (users) or '请选择流程接收角色组!' (roles). Confirms with the
 * variables of `recipientVariables`. Users and roles come from the workflow pickers (FlowPickers:
 * session-only lists, as RuoYi's flowUser / flowRole).
 *
 * Props: `open`, `next` (next-node info), `onClose()`, `onConfirm(vars, names)` (the caller closes
 * the dialog, e.g. in onConfirm).
 */
import { FlowRolePicker, FlowUserPicker } from '../../components/pickers/FlowPickers';
import { recipientEmptyMessage, recipientKind, recipientVariables, type NextNodeInfo } from './recipient';

export interface RecipientDialogProps {
  open: boolean;
  next: NextNodeInfo | null;
  onClose(): void;
  /** The picked variables, and the picked names for display; the caller closes the dialog. */
  onConfirm(vars: Record<string, unknown>, names: string[]): void | Promise<void>;
}

export const RECIPIENT_DIALOG_TITLE = '选择任务接收';

/** The dialog; see the file comment. */
export function RecipientDialog({ open, next, onClose, onConfirm }: RecipientDialogProps) {
  const kind = recipientKind(next);
  const emptyMessage = recipientEmptyMessage(next);
  const confirm = async (ids: (string | number)[], names: string[]) => {
    const vars = recipientVariables(next, ids);
    if (vars) await onConfirm(vars, names);
  };
  if (kind === 'roles') {
    return (
      <FlowRolePicker open={open} onClose={onClose} title={RECIPIENT_DIALOG_TITLE} emptyMessage={emptyMessage} multiple
        onConfirm={(roles) => confirm(roles.map((r) => r.roleId), roles.map((r) => r.roleName))} />
    );
  }
  return (
    <FlowUserPicker open={open} onClose={onClose} title={RECIPIENT_DIALOG_TITLE} emptyMessage={emptyMessage} multiple={kind !== 'user'}
      onConfirm={(users) => confirm(users.map((u) => u.userId), users.map((u) => u.nickName))} />
  );
}
