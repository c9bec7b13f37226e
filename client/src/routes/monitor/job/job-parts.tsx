/**
 * Small components shared by the 定时任务 and 调度日志 screens (RuoYi monitor/job/index.vue and
 * log.vue): the row text buttons gated by a permission, a dictionary select, the two-column
 * label/value grid of the detail dialogs.
 */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { HasPermi, usePermi } from '../../../components/Permission';
import { UiIcon, type UiIconName } from '../../../components/UiIcon';

/** A text button of the 操作 column (el-button type="text"), shown only with `perm`. */
export function RowButton({ perm, icon, onClick, children, testId }: {
  perm?: string[];
  icon?: UiIconName;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const button = (
    <Button
      size="xs"
      variant="plain"
      color="brand.solid"
      px="1"
      minW="0"
      h="6"
      fontWeight="normal"
      _hover={{ opacity: 0.75 }}
      onClick={onClick}
      data-testid={testId}
    >
      {icon && <UiIcon name={icon} />}
      {children}
    </Button>
  );
  return perm ? <HasPermi value={perm}>{button}</HasPermi> : button;
}

export interface MoreItem {
  value: string;
  label: string;
  perm: string[];
}

/**
 * The 更多 dropdown of a row (el-dropdown). The chosen action runs once the menu has finished
 * closing, so an action that leaves the view (调度日志) does not leave the menu open in the
 * kept-alive page. Hidden when the user may run none of the items.
 */
export function RowMoreMenu({ items, onSelect, testId }: { items: MoreItem[]; onSelect: (value: string) => void; testId?: string }) {
  const { hasPermi } = usePermi();
  const pending = useRef<string | null>(null);
  const allowed = items.filter((i) => hasPermi(i.perm));
  if (allowed.length === 0) return null;
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={(d) => { pending.current = d.value; }}
      onExitComplete={() => {
        const value = pending.current;
        pending.current = null;
        if (value) onSelect(value);
      }}
    >
      <Menu.Trigger asChild>
        <Button size="xs" variant="plain" color="brand.solid" px="1" minW="0" h="6" fontWeight="normal" data-testid={testId}>
          <UiIcon name="chevron-right" />
          更多
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="120px">
            {allowed.map((i) => (
              <Menu.Item key={i.value} value={i.value}>
                {i.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

