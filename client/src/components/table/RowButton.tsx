/**
 * A text button of a list's 操作 column (RuoYi `<el-button size="mini" type="text" icon=…>`):
 * brand-coloured, no frame, an optional icon before the text. With `perm` it shows only to a user
 * holding one of those permissions (any-of, as `v-hasPermi`); the server checks again.
 * `EditRemoveCell` is the usual 修改 / 删除 pair.
 */
import { Button, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HasPermi } from '../Permission';
import { Icon, type UiIconName } from '../Icon';

export function RowButton({ perm, icon, onClick, children, testId }: {
  perm?: string[];
  icon?: UiIconName;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const button = (
    <Button size="xs" variant="plain" color="brand.solid" px="1" minW="0" h="6" fontWeight="normal" _hover={{ opacity: 0.75 }}
      onClick={onClick} data-testid={testId}>
      {icon && <Icon name={icon} />}
      {children}
    </Button>
  );
  return perm ? <HasPermi value={perm}>{button}</HasPermi> : button;
}

/** 修改 / 删除 of a list row (test ids row-edit / row-remove), gated by `${perm}:edit|remove`. */
export function EditRemoveCell({ perm, onEdit, onRemove }: { perm: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <Flex gap="1" justify="center">
      <RowButton perm={[`${perm}:edit`]} icon="edit" onClick={onEdit} testId="row-edit">
        修改
      </RowButton>
      <RowButton perm={[`${perm}:remove`]} icon="delete" onClick={onRemove} testId="row-remove">
        删除
      </RowButton>
    </Flex>
  );
}
