/**
 * 抄送 section of a user task (issue 16: CC per node: users, roles or an expression): 抄送人员 by
 * the UserPicker (multiple, normal users), 抄送角色 by the RolePicker, 抄送表达式 as text (e.g.
 * `${deptLeader}`, written on blur / Enter). Picked names show as badges; 清空 removes the
 * attributes. Writes go through `forms/cc.ts` and the panel's ops (one undoable command each).
 * 确定 with nothing selected in a picker warns (picker-kit) and changes nothing; 清空 clears a list.
 */
import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { UserPicker, type PickedUser } from '../../../components/pickers/UserPicker';
import { RolePicker, type PickedRole } from '../../../components/pickers/RolePicker';
import type { PanelTarget } from './usePanelTarget';
import { PanelButton } from './DialogShell';
import { Row, TextRow } from './fields';
import { CC_EXPRESSION_HINT, ccExpressionError, readCc, writeCcExpression, writeCcGroups, writeCcUsers, type CcPick } from './forms/cc';

/** The picked names as badges (or 未设置) above the 选择 / 清空 buttons. */
function PickRow({ label, picks, badgeTestId, colorPalette, children }: {
  label: string;
  picks: CcPick[];
  badgeTestId: string;
  colorPalette: string;
  children: ReactNode;
}) {
  return (
    <Row label={label}>
      <Box pt="1">
        {picks.length ? (
          <Flex gap="1.5" wrap="wrap" mb="2">
            {picks.map((p) => (
              <Badge key={p.id} size="sm" colorPalette={colorPalette} title={`${p.name} (${p.id})`} data-testid={badgeTestId}>{p.name}</Badge>
            ))}
          </Flex>
        ) : (
          <Text fontSize="sm" color="gray.500" mb="2">未设置</Text>
        )}
        <Flex gap="2">{children}</Flex>
      </Box>
    </Row>
  );
}

export function CcSection({ target }: { target: PanelTarget }) {
  const { bo, ops } = target;
  const cc = readCc(bo);
  const [picker, setPicker] = useState<'user' | 'role' | null>(null);
  const users: PickedUser[] = cc.users.map((u) => ({ userId: Number(u.id), userName: u.name, nickName: u.name }));
  const roles: PickedRole[] = cc.groups.map((r) => ({ roleId: Number(r.id), roleName: r.name, roleKey: '' }));
  return (
    <Box data-testid="cc-section">
      <PickRow label="抄送人员" picks={cc.users} badgeTestId="cc-user-badge" colorPalette="green">
        <PanelButton onClick={() => setPicker('user')} testId="pick-cc-users">选择人员</PanelButton>
        {cc.users.length > 0 && <PanelButton onClick={() => writeCcUsers(ops, bo, [])} testId="clear-cc-users">清空</PanelButton>}
      </PickRow>
      <PickRow label="抄送角色" picks={cc.groups} badgeTestId="cc-role-badge" colorPalette="blue">
        <PanelButton onClick={() => setPicker('role')} testId="pick-cc-roles">选择角色</PanelButton>
        {cc.groups.length > 0 && <PanelButton onClick={() => writeCcGroups(ops, bo, [])} testId="clear-cc-roles">清空</PanelButton>}
      </PickRow>
      <TextRow
        label="抄送表达式"
        value={cc.expression}
        placeholder={`如 ${CC_EXPRESSION_HINT}`}
        testId="cc-expression"
        validate={ccExpressionError}
        onCommit={(v) => !ccExpressionError(v) && writeCcExpression(ops, bo, v)}
      />
      <UserPicker
        open={picker === 'user'}
        multiple
        value={users}
        title="选择抄送人员"
        status="0"
        onClose={() => setPicker(null)}
        onConfirm={(picked) => {
          writeCcUsers(ops, bo, picked.map((u) => ({ id: u.userId, name: u.nickName || u.userName })));
          setPicker(null);
        }}
      />
      <RolePicker
        open={picker === 'role'}
        multiple
        value={roles}
        title="选择抄送角色"
        status="0"
        onClose={() => setPicker(null)}
        onConfirm={(picked) => {
          writeCcGroups(ops, bo, picked.map((r) => ({ id: r.roleId, name: r.roleName })));
          setPicker(null);
        }}
      />
    </Box>
  );
}
