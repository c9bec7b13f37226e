/**
 * The button row above a list (RuoYi `<el-row class="mb8">` with plain 新增/修改/删除/导出 buttons
 * gated by v-hasPermi, then RightToolbar). Platform spec §6: buttons are hidden without the
 * permission; the server checks anyway.
 *
 * `ToolbarButtons` props: `add? / edit? / remove? / exportAction?: ToolbarAction`,
 * `children?` (more PermButtons after the four), `right?: ReactNode` (usually <RightToolbar/>).
 * `ToolbarAction`: `{perm: string | string[], onClick(): void, disabled?: boolean, label?: string}`
 * (pass `disabled: single` to 修改 and `disabled: multiple` to 删除, see selectionFlags).
 *
 * `PermButton` props: `perm: string | string[]`, `tone?: 'primary' | 'success' | 'danger' |
 * 'warning' | 'info'`, `icon?: UiIconName`, `onClick`, `disabled?`, `children` (label),
 * `testId?`. Renders nothing when the user lacks every listed permission.
 */
import { Button, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HasPermi } from '../Permission';
import { Icon, type UiIconName } from '../Icon';

type Tone = 'primary' | 'success' | 'danger' | 'warning' | 'info';

const TONE_PALETTE: Record<Tone, string> = { primary: 'brand', success: 'green', danger: 'red', warning: 'orange', info: 'gray' };

export interface PermButtonProps {
  perm: string | string[];
  tone?: Tone;
  icon?: UiIconName;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}

/** A plain toolbar button shown only with the permission. */
export function PermButton({ perm, tone = 'primary', icon, onClick, disabled, children, testId }: PermButtonProps) {
  return (
    <HasPermi value={Array.isArray(perm) ? perm : [perm]}>
      <Button size="xs" variant="subtle" colorPalette={TONE_PALETTE[tone]} onClick={onClick} disabled={disabled} data-testid={testId}>
        {icon && <Icon name={icon} />}
        {children}
      </Button>
    </HasPermi>
  );
}

export interface ToolbarAction {
  perm: string | string[];
  onClick: () => void;
  disabled?: boolean;
  label?: string;
}

export interface ToolbarButtonsProps {
  add?: ToolbarAction;
  edit?: ToolbarAction;
  remove?: ToolbarAction;
  exportAction?: ToolbarAction;
  children?: ReactNode;
  right?: ReactNode;
}

export function ToolbarButtons({ add, edit, remove, exportAction, children, right }: ToolbarButtonsProps) {
  const btn = (a: ToolbarAction | undefined, tone: Tone, icon: UiIconName, label: string, testId: string) =>
    a && (
      <PermButton perm={a.perm} tone={tone} icon={icon} onClick={a.onClick} disabled={a.disabled} testId={testId}>
        {a.label ?? label}
      </PermButton>
    );
  return (
    <Flex gap="2" mb="2" align="center" wrap="wrap" data-testid="toolbar-buttons">
      {btn(add, 'primary', 'plus', '新增', 'btn-add')}
      {btn(edit, 'success', 'edit', '修改', 'btn-edit')}
      {btn(remove, 'danger', 'delete', '删除', 'btn-remove')}
      {btn(exportAction, 'warning', 'download', '导出', 'btn-export')}
      {children}
      {right}
    </Flex>
  );
}
