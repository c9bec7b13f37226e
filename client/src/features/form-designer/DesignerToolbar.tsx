/**
 * The action bar above the designer canvas (spec §2 "Form designer" actions; reference §7):
 * on the left the icon buttons 撤销 / 重做 (disabled when there is nothing to undo / redo) and 清空;
 * on the right 预览, the code actions (运行 / 查看json / 导出 / 复制代码, from codegen/CodeActions) and
 * 保存 (only with `onSave`).
 * Test ids: `designer-toolbar`, `designer-undo`, `designer-redo`, `designer-preview-btn`,
 * `designer-clear`, `designer-save`.
 */
import { Box, Button, Flex, IconButton, Separator } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Icon, type UiIconName } from '../../components/Icon';

export interface DesignerToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onPreview: () => void;
  onClear: () => void;
  /** Shown only when given (the user has the add / edit permission). */
  onSave?: () => void;
  /** The code actions (CodeActions), placed between 预览 and 清空. */
  codeActions: ReactNode;
}

function Action({ icon, label, testId, onClick, color }: {
  icon: UiIconName;
  label: string;
  testId: string;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Button size="sm" variant="ghost" colorPalette={color ?? 'brand'} px="1" onClick={onClick} data-testid={testId}>
      <Icon name={icon} />
      {label}
    </Button>
  );
}

/** The designer's action bar; see DesignerToolbarProps. */
export function DesignerToolbar({ canUndo, canRedo, onUndo, onRedo, onPreview, onClear, onSave, codeActions }: DesignerToolbarProps) {
  return (
    <Flex data-testid="designer-toolbar" align="center" justify="space-between" minH="42px" px="1" py="0.5" borderBottom="1px solid" borderColor="border" flexShrink={0}>
      <Flex align="center" flexShrink={0}>
        <IconButton size="xs" variant="ghost" aria-label="撤销" title="撤销 (Ctrl+Z)" disabled={!canUndo} onClick={onUndo} data-testid="designer-undo">
          <Icon name="undo" />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label="重做" title="重做 (Ctrl+Shift+Z / Ctrl+Y)" disabled={!canRedo} onClick={onRedo} data-testid="designer-redo">
          <Icon name="redo" />
        </IconButton>
        <Separator orientation="vertical" h="18px" mx="0.5" />
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label="清空" title="清空" onClick={onClear} data-testid="designer-clear">
          <Icon name="delete" />
        </IconButton>
      </Flex>
      {/* Shrinks and wraps on a narrow (tablet) canvas column instead of running under the panel strip. */}
      <Flex align="center" wrap="wrap" justify="flex-end" flex="1" minW="0">
        <Action icon="eye" label="预览" testId="designer-preview-btn" onClick={onPreview} />
        <Box>{codeActions}</Box>
        {onSave && <Action icon="plus" label="保存" testId="designer-save" onClick={onSave} />}
      </Flex>
    </Flex>
  );
}
