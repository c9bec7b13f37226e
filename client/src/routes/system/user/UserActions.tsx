/**
 * Cells of the user table: the 状态 switch and the 操作 buttons (修改, 删除, 更多 → 重置密码 /
 * 分配角色), each gated by its system:user:* permission.
 */
import { Button, Flex, Menu, Portal, Switch } from '@chakra-ui/react';
import { HasPermi, usePermi } from '../../../components/Permission';
import { UiIcon } from '../../../components/UiIcon';

export function StatusSwitch({ checked, onChange, label }: { checked: boolean; onChange: (on: boolean) => void; label: string }) {
  return (
    <Switch.Root size="sm" colorPalette="brand" checked={checked} onCheckedChange={(d) => onChange(d.checked)} aria-label={label} data-testid="status-switch">
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

/** A text button of the 操作 column (el-button type="text" size="mini"). */
export function LinkButton({ icon, children, onClick, testId }: {
  icon?: Parameters<typeof UiIcon>[0]['name'];
  children: string;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Button size="xs" variant="plain" color="brand.solid" px="1" h="6" minW="0" onClick={onClick} data-testid={testId} _hover={{ opacity: 0.8 }}>
      {icon && <UiIcon name={icon} />}
      {children}
    </Button>
  );
}

export interface UserRowActions {
  onEdit: () => void;
  onRemove: () => void;
  onResetPwd: () => void;
  onAuthRole: () => void;
}

export function UserActionCell({ onEdit, onRemove, onResetPwd, onAuthRole }: UserRowActions) {
  const { hasPermi } = usePermi();
  const canReset = hasPermi(['system:user:resetPwd']);
  const canEdit = hasPermi(['system:user:edit']);
  return (
    <Flex gap="1" justify="center" align="center" wrap="nowrap">
      <HasPermi value={['system:user:edit']}>
        <LinkButton icon="edit" onClick={onEdit} testId="row-edit">
          修改
        </LinkButton>
      </HasPermi>
      <HasPermi value={['system:user:remove']}>
        <LinkButton icon="delete" onClick={onRemove} testId="row-remove">
          删除
        </LinkButton>
      </HasPermi>
      {(canReset || canEdit) && (
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={(d) => (d.value === 'resetPwd' ? onResetPwd() : onAuthRole())}
        >
          <Menu.Trigger asChild>
            <Button size="xs" variant="plain" color="brand.solid" px="1" h="6" minW="0" data-testid="row-more">
              <UiIcon name="chevron-right" />
              更多
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="110px">
                {canReset && (
                  <Menu.Item value="resetPwd">
                    <UiIcon name="refresh" />
                    重置密码
                  </Menu.Item>
                )}
                {canEdit && (
                  <Menu.Item value="authRole">
                    <UiIcon name="eye" />
                    分配角色
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </Flex>
  );
}
