/**
 * The 更多 dropdown of a list row's 操作 column (RuoYi `el-dropdown` with `v-hasPermi` items: the
 * user row's 重置密码 / 分配角色, the role row's 数据权限 / 分配用户, the job row's 执行一次 /
 * 任务详细 / 调度日志). Items the user may not run are left out; the server checks again.
 */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useRef } from 'react';
import { usePermi } from '../Permission';
import { Icon, type UiIconName } from '../Icon';

export interface MoreItem {
  value: string;
  label: string;
  /** Any-of permissions the item needs. */
  perm: string[];
  icon?: UiIconName;
}

/**
 * The 更多 dropdown of a row (el-dropdown). The chosen action runs once the menu has finished
 * closing, so an action that leaves the view (调度日志) does not leave the menu open in the
 * kept-alive page. Hidden when the user may run none of the items.
 */
export function RowMoreMenu({ items, onSelect, testId = 'row-more' }: { items: MoreItem[]; onSelect: (value: string) => void; testId?: string }) {
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
          <Icon name="chevron-right" />
          更多
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="120px">
            {allowed.map((i) => (
              <Menu.Item key={i.value} value={i.value}>
                {i.icon && <Icon name={i.icon} />}
                {i.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

