/**
 * 任务 → 人员分配 of a user task (workflow spec §4 "Node assignment"; reference §6): type
 * 指定人员 / 候选人员 / 候选组; users by the UserPicker (fixed), roles by the RolePicker (fixed
 * candidateGroups), or an expression by the ExpressionPickerDialog (dynamic, e.g. `${approval}`).
 * Changing the type clears the previous assignment and data type.
 */
import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { UserPicker, type PickedUser } from '../../../components/pickers/UserPicker';
import { RolePicker, type PickedRole } from '../../../components/pickers/RolePicker';
import { ExpressionPickerDialog } from '../../../components/flowable-library/ExpressionPickerDialog';
import type { PanelTarget } from './usePanelTarget';
import { PanelButton } from './DialogShell';
import { Row, SelectRow } from './fields';
import { readAssignment, USER_TYPES, writeExpression, writePickedRoles, writePickedUsers, writeUserType, type UserType } from './forms/user-task';

const split = (s: string) => (s ? s.split(',') : []);

export function AssignmentSection({ target }: { target: PanelTarget }) {
  const { bo, ops } = target;
  const a = readAssignment(bo);
  const [picker, setPicker] = useState<'user' | 'role' | 'expression' | null>(null);
  const ids = split(a.value);
  const names = split(a.text);
  const fixedUsers: PickedUser[] = a.dataType === 'fixed' && a.userType !== 'candidateGroups'
    ? ids.map((id, i) => ({ userId: Number(id), userName: names[i] ?? id, nickName: names[i] ?? id }))
    : [];
  const fixedRoles: PickedRole[] = a.dataType === 'fixed' && a.userType === 'candidateGroups'
    ? ids.map((id, i) => ({ roleId: Number(id), roleName: names[i] ?? id, roleKey: '' }))
    : [];
  const shown = a.dataType === 'dynamic' ? a.value : a.text || a.value;
  return (
    <>
      <SelectRow label="用户类型" value={a.userType} options={USER_TYPES} testId="panel-user-type" onChange={(v) => writeUserType(ops, bo, v as UserType | '')} />
      {a.userType && (
        <Row label={a.userType === 'candidateGroups' ? '候选组' : a.userType === 'assignee' ? '指定人员' : '候选人员'}>
          <Box>
            {shown ? (
              <Flex gap="2" align="center" mb="2" data-testid="assignment-summary">
                <Badge size="sm" colorPalette={a.dataType === 'dynamic' ? 'orange' : 'green'}>{a.dataType === 'dynamic' ? '动态' : '固定'}</Badge>
                <Text fontSize="sm" truncate title={a.value}>{shown}</Text>
                {a.dataType === 'dynamic' && a.text && <Text fontSize="xs" color="gray.500" truncate>{a.text}</Text>}
              </Flex>
            ) : (
              <Text fontSize="sm" color="gray.500" mb="2">未设置</Text>
            )}
            <Flex gap="2">
              {a.userType === 'candidateGroups' ? (
                <PanelButton onClick={() => setPicker('role')} testId="pick-roles">选择角色</PanelButton>
              ) : (
                <PanelButton onClick={() => setPicker('user')} testId="pick-users">选择人员</PanelButton>
              )}
              <PanelButton onClick={() => setPicker('expression')} testId="pick-expression">选择表达式</PanelButton>
            </Flex>
          </Box>
        </Row>
      )}
      <UserPicker
        open={picker === 'user'}
        multiple={a.userType === 'candidateUsers'}
        value={fixedUsers}
        title={a.userType === 'assignee' ? '选择指定人员' : '选择候选人员'}
        emptyMessage="请选择用户"
        status="0"
        onClose={() => setPicker(null)}
        onConfirm={(users) => {
          writePickedUsers(ops, bo, a.userType === 'candidateUsers' ? 'candidateUsers' : 'assignee', users.map((u) => ({ id: u.userId, name: u.nickName })));
          setPicker(null);
        }}
      />
      <RolePicker
        open={picker === 'role'}
        value={fixedRoles}
        title="选择候选组"
        emptyMessage="请选择角色"
        status="0"
        onClose={() => setPicker(null)}
        onConfirm={(roles) => {
          writePickedRoles(ops, bo, roles.map((r) => ({ id: r.roleId, name: r.roleName })));
          setPicker(null);
        }}
      />
      <ExpressionPickerDialog
        open={picker === 'expression'}
        onClose={() => setPicker(null)}
        onSelect={(row) => writeExpression(ops, bo, (a.userType || 'assignee') as UserType, row)}
      />
    </>
  );
}
