/**
 * Tree with optional checkboxes (Element el-tree as used by the role dialogs' menu / dept / park
 * trees and the pickers' dept filter; reference §2 check-strictly; platform spec §2 "Pickers").
 *
 * Props:
 * - `data: TreeNode[]` (`{id, label, disabled?, children?}`).
 * - `checkable?: boolean`, `checkedKeys?: TreeKey[]`, `onCheck?(keys, {halfChecked})`:
 *   controlled checks; `keys` are the held keys in both modes (what a role form submits; issue 38
 *   §8), `halfChecked` the held nodes shown half-checked in linked mode. Load server keys through
 *   `loadCheckedKeys(data, {checkedKeys, halfCheckedKeys})`.
 * - `keepKeys?: TreeKey[]`: held keys an uncheck below them never drops (the stored grants).
 * - `checkStrictly?: boolean` (false): true = parent and children checked independently.
 * - `toolbar?: boolean`: 展开/折叠, 全选/全不选 and 父子联动 (shows `!checkStrictly`, calls
 *   `onCheckStrictlyChange(!linked)`) checkboxes above the tree (RuoYi role dialog).
 * - `onCheckStrictlyChange?(strictly: boolean)`.
 * - `selectedKey?`, `onSelect?(node)`: click-to-select (highlight-current).
 * - `filterText?: string`: shows matches and their ancestors, expanded.
 * - `defaultExpandAll?: boolean`, `defaultExpandedKeys?: TreeKey[]`.
 * - `emptyText?: string` (暂无数据), `maxH?: string`, `testId?: string` ('tree').
 */
import { Box, Checkbox, chakra, Flex, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Icon } from '../Icon';
import {
  checkAll, checkStates, filterTree, flattenTree, halfCheckedKeys, parentKeys, toggleCheck, type TreeKey, type TreeNode,
} from './tree-utils';

export interface TreeProps {
  data: TreeNode[];
  checkable?: boolean;
  checkedKeys?: TreeKey[];
  onCheck?: (keys: TreeKey[], info: { halfChecked: TreeKey[] }) => void;
  checkStrictly?: boolean;
  keepKeys?: TreeKey[];
  toolbar?: boolean;
  onCheckStrictlyChange?: (strictly: boolean) => void;
  selectedKey?: TreeKey | null;
  onSelect?: (node: TreeNode) => void;
  filterText?: string;
  defaultExpandAll?: boolean;
  defaultExpandedKeys?: TreeKey[];
  emptyText?: string;
  maxH?: string;
  testId?: string;
}

/**
 * Own ids for every checkbox: without them a tree inside a form Field would take the field's label
 * and control ids (every checkbox named after the field, duplicate ids).
 */
const OWN_IDS = {};

function ToolbarCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Checkbox.Root size="sm" ids={OWN_IDS} checked={checked} onCheckedChange={(d) => onChange(!!d.checked)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight="normal">{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export function Tree({
  data, checkable = false, checkedKeys = [], onCheck, checkStrictly = false, keepKeys, toolbar = false, onCheckStrictlyChange,
  selectedKey, onSelect, filterText = '', defaultExpandAll = false, defaultExpandedKeys = [], emptyText = '暂无数据', maxH,
  testId = 'tree',
}: TreeProps) {
  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set((defaultExpandAll ? parentKeys(data) : defaultExpandedKeys).map(String)),
  );
  // Data that arrives after mount (queries) opens too when defaultExpandAll is set.
  const [seen, setSeen] = useState(data);
  if (seen !== data) {
    setSeen(data);
    if (defaultExpandAll) setExpanded(new Set(parentKeys(data).map(String)));
  }
  const filtering = filterText.trim() !== '';
  const shown = useMemo(() => filterTree(data, filterText), [data, filterText]);
  const states = useMemo(() => checkStates(data, checkedKeys, checkStrictly), [data, checkedKeys, checkStrictly]);
  const enabled = useMemo(() => flattenTree(data).filter((f) => !f.node.disabled).map((f) => String(f.node.id)), [data]);
  const total = enabled.length;
  // Enabled nodes held (held keys the tree does not show are not counted for 全选).
  const heldEnabled = useMemo(() => {
    const held = new Set(checkedKeys.map(String));
    return enabled.filter((id) => held.has(id)).length;
  }, [enabled, checkedKeys]);

  const emit = (keys: TreeKey[]) => onCheck?.(keys, { halfChecked: checkStrictly ? [] : halfCheckedKeys(data, keys) });
  const allExpanded = parentKeys(data).every((k) => expanded.has(String(k))) && parentKeys(data).length > 0;
  const isOpen = (id: TreeKey) => filtering || expanded.has(String(id));
  const toggle = (id: TreeKey) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(String(id))) next.delete(String(id));
      else next.add(String(id));
      return next;
    });

  const renderNode = (node: TreeNode, depth: number) => {
    const children = node.children ?? [];
    const open = isOpen(node.id);
    const state = states.get(String(node.id)) ?? 'unchecked';
    const current = selectedKey !== undefined && selectedKey !== null && String(selectedKey) === String(node.id);
    return (
      <Box key={String(node.id)} role="treeitem" aria-expanded={children.length ? open : undefined} aria-selected={current || undefined}>
        <Flex
          align="center"
          gap="1"
          h="26px"
          pl={`${depth * 18}px`}
          pr="2"
          borderRadius="sm"
          bg={current ? 'brand.subtle' : undefined}
          color={current ? 'brand.fg' : node.disabled ? 'fg.subtle' : undefined}
          _hover={{ bg: current ? 'brand.subtle' : 'gray.100' }}
          cursor={onSelect && !node.disabled ? 'pointer' : 'default'}
          onClick={() => onSelect && !node.disabled && onSelect(node)}
          data-testid={`tree-node-${node.id}`}
        >
          {children.length > 0 ? (
            <chakra.button
              type="button"
              aria-label={open ? '折叠' : '展开'}
              display="inline-flex"
              color="fg.muted"
              onClick={(e) => {
                e.stopPropagation();
                toggle(node.id);
              }}
            >
              <Icon name={open ? 'chevron-down' : 'chevron-right'} />
            </chakra.button>
          ) : (
            <Box as="span" w="1em" flexShrink={0} />
          )}
          {checkable && (
            <Checkbox.Root
              size="sm"
              ids={OWN_IDS}
              checked={state === 'checked' ? true : state === 'indeterminate' ? 'indeterminate' : false}
              disabled={node.disabled}
              onClick={(e) => e.stopPropagation()}
              onCheckedChange={(d) => emit(toggleCheck(data, checkedKeys, node.id, !!d.checked && d.checked !== 'indeterminate', checkStrictly, keepKeys))}
            >
              <Checkbox.HiddenInput aria-label={node.label} />
              <Checkbox.Control />
            </Checkbox.Root>
          )}
          <Text as="span" fontSize="sm" truncate>
            {node.label}
          </Text>
        </Flex>
        {children.length > 0 && open && <Box role="group">{children.map((c) => renderNode(c, depth + 1))}</Box>}
      </Box>
    );
  };

  return (
    <Box data-testid={testId}>
      {toolbar && (
        <Flex gap="4" mb="2" wrap="wrap">
          <ToolbarCheck
            label="展开/折叠"
            checked={allExpanded}
            onChange={(v) => setExpanded(new Set(v ? parentKeys(data).map(String) : []))}
          />
          {checkable && (
            <ToolbarCheck
              label="全选/全不选"
              checked={total > 0 && heldEnabled >= total}
              onChange={(v) => emit(checkAll(data, v, checkedKeys))}
            />
          )}
          {checkable && onCheckStrictlyChange && (
            <ToolbarCheck label="父子联动" checked={!checkStrictly} onChange={(linked) => onCheckStrictlyChange(!linked)} />
          )}
        </Flex>
      )}
      <Box
        role="tree"
        aria-multiselectable={checkable || undefined}
        borderWidth={toolbar ? '1px' : undefined}
        borderRadius="sm"
        p={toolbar ? '2' : undefined}
        maxH={maxH}
        overflowY={maxH ? 'auto' : undefined}
      >
        {shown.length === 0 ? (
          <Text textAlign="center" py="4" color="fg.muted" fontSize="sm">
            {emptyText}
          </Text>
        ) : (
          shown.map((n) => renderNode(n, 0))
        )}
      </Box>
    </Box>
  );
}
