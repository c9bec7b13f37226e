/**
 * Dropdown tree with a search box and a single value (RuoYi's vue-treeselect in the user, dept,
 * menu and park forms: 归属部门, 上级部门, 上级菜单; reference §2 `treeselect`).
 *
 * Props:
 * - `data: TreeNode[]` (`[{id, label, disabled?, children}]`; disabled nodes cannot be chosen).
 * - `value: TreeKey | null | undefined`, `onChange(id: TreeKey | undefined, node?: TreeNode)`.
 * - `placeholder?: string` ('请选择'), `clearable?: boolean` (true), `disabled?: boolean`,
 *   `searchPlaceholder?: string` ('输入关键字进行过滤'), `w?: string` ('100%'),
 *   `defaultExpandAll?: boolean` (true), `name?: string` (aria-label of the trigger),
 *   `invalid?: boolean` (red border in a form field).
 */
import { Box, Input, Popover, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { Icon } from '../Icon';
import { Tree } from './Tree';
import { findNode, type TreeKey, type TreeNode } from './tree-utils';

export interface TreeSelectProps {
  data: TreeNode[];
  value: TreeKey | null | undefined;
  onChange: (id: TreeKey | undefined, node?: TreeNode) => void;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  searchPlaceholder?: string;
  w?: string;
  defaultExpandAll?: boolean;
  name?: string;
  invalid?: boolean;
}

export function TreeSelect({
  data, value, onChange, placeholder = '请选择', clearable = true, disabled = false, searchPlaceholder = '输入关键字进行过滤',
  w = '100%', defaultExpandAll = true, name, invalid = false,
}: TreeSelectProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const current = findNode(data, value);
  const hasValue = value !== undefined && value !== null && value !== '';
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) setText('');
      }}
      positioning={{ sameWidth: true, placement: 'bottom-start', strategy: 'fixed', hideWhenDetached: true }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild disabled={disabled}>
        <chakra.button
          type="button"
          display="flex"
          role="combobox"
          aria-label={name ?? placeholder}
          aria-expanded={open}
          aria-invalid={invalid || undefined}
          w={w}
          h="9"
          px="3"
          alignItems="center"
          gap="2"
          borderWidth="1px"
          borderColor={invalid ? 'red.500' : open ? 'brand.solid' : 'border'}
          borderRadius="l2"
          bg={disabled ? 'bg.muted' : 'bg'}
          cursor={disabled ? 'not-allowed' : 'pointer'}
          fontSize="sm"
          textAlign="left"
          data-testid="tree-select"
        >
          <Text flex="1" truncate color={current || hasValue ? undefined : 'fg.subtle'}>
            {current?.label ?? (hasValue ? String(value) : placeholder)}
          </Text>
          {clearable && hasValue && !disabled ? (
            <chakra.span
              role="button"
              aria-label="清空"
              display="inline-flex"
              color="fg.muted"
              onClick={(e) => {
                e.stopPropagation();
                onChange(undefined);
              }}
            >
              <Icon name="close" />
            </chakra.span>
          ) : (
            <Icon name="chevron-down" color="fg.muted" />
          )}
        </chakra.button>
      </Popover.Trigger>
      {/* Not portalled: it works inside dialogs (their focus trap), see Chakra "Popover within Dialog". */}
      <Popover.Positioner>
          <Popover.Content w="auto" minW="200px">
            <Popover.Body p="2">
              <Input size="sm" mb="2" placeholder={searchPlaceholder} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
              <Box maxH="280px" overflowY="auto">
                <Tree
                  data={data}
                  filterText={text}
                  defaultExpandAll={defaultExpandAll}
                  selectedKey={value ?? null}
                  onSelect={(node) => {
                    onChange(node.id, node);
                    setOpen(false);
                    setText('');
                  }}
                  emptyText="无匹配数据"
                  testId="tree-select-tree"
                />
              </Box>
            </Popover.Body>
          </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
