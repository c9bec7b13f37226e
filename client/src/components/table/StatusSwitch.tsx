/**
 * The 状态 switch of a list row (用户管理, 角色管理; RuoYi el-switch): `checked`, `onChange(on)` and
 * the `label` read by screen readers. useStatusSwitch.ts runs the confirm-and-save flow behind it.
 */
import { Switch } from '@chakra-ui/react';

/** A small brand-coloured switch (data-testid status-switch). */
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
