/**
 * Cells of the user table: the 操作 buttons (修改, 删除, 更多 → 重置密码 / 分配角色), each gated by
 * its system:user:* permission. The 状态 switch is components/table/StatusSwitch.tsx.
 */
import { Flex } from '@chakra-ui/react';
import { RowButton } from '../../../components/table/RowButton';
import { RowMoreMenu, type MoreItem } from '../../../components/table/RowMoreMenu';

export interface UserRowActions {
  onEdit: () => void;
  onRemove: () => void;
  onResetPwd: () => void;
  onAuthRole: () => void;
}

/** 更多 of a user row (RuoYi user/index.vue: 重置密码 needs resetPwd, 分配角色 needs edit). */
const USER_MORE: MoreItem[] = [
  { value: 'resetPwd', label: '重置密码', perm: ['system:user:resetPwd'], icon: 'refresh' },
  { value: 'authRole', label: '分配角色', perm: ['system:user:edit'], icon: 'eye' },
];

export function UserActionCell({ onEdit, onRemove, onResetPwd, onAuthRole }: UserRowActions) {
  return (
    <Flex gap="1" justify="center" align="center" wrap="nowrap">
      <RowButton perm={['system:user:edit']} icon="edit" onClick={onEdit} testId="row-edit">
        修改
      </RowButton>
      <RowButton perm={['system:user:remove']} icon="delete" onClick={onRemove} testId="row-remove">
        删除
      </RowButton>
      <RowMoreMenu items={USER_MORE} onSelect={(v) => (v === 'resetPwd' ? onResetPwd() : onAuthRole())} />
    </Flex>
  );
}
