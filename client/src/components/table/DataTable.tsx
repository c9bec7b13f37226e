/**
 * The list table of every screen (RuoYi el-table with v-loading, selection, row-key and
 * tree-props; platform spec §2 list screens): header #f8f8f9, centred cells, 暂无数据 when empty.
 *
 * Props:
 * - `columns: DataColumn<T>[]`: `{key, title, dataIndex?, render?(row, index), width?, minWidth?,
 *   align? ('center'), truncate?, hidden?}`; `render` wins over `dataIndex` (default `key`).
 * - `data: T[]`, `rowKey: keyof T | (row) => string | number`.
 * - `loading?: boolean`: spinner mask over the rows.
 * - `emptyText?: string` (暂无数据).
 * - `selection?: {selectedKeys, onChange(keys, rows), mode?: 'multiple' | 'single', selectable?(row)}`:
 *   a checkbox column with select-all (or radios in single mode); keys of other pages are kept.
 * - `tree?: {childrenKey? ('children'), defaultExpandAll?, expandedKeys?, onExpandedChange?}`:
 *   tree rows; the first visible column gets the indent and the ▸ toggle. Remount (change
 *   `key`) to re-apply `defaultExpandAll`, or control `expandedKeys`.
 * - `hiddenColumns?: string[]`: column keys hidden by RightToolbar's 显隐列.
 * - `onRowClick?(row)`, `maxH?`, `testId?` (data-testid, 'data-table').
 */
import { AbsoluteCenter, Box, Checkbox, chakra, Spinner, Table, Text } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { Icon } from '../Icon';
import {
  expandableKeys, flattenRows, keyOfRow, selectAllState, toggleAll, toggleOne, visibleTreeRows, type KeyOf, type RowKey,
} from './table-utils';

export interface DataColumn<T> {
  key: string;
  title: ReactNode;
  /** Field shown when there is no `render` (default: `key`). */
  dataIndex?: keyof T;
  render?: (row: T, index: number) => ReactNode;
  width?: string | number;
  minWidth?: string | number;
  align?: 'left' | 'center' | 'right';
  /** One line with an ellipsis and the full text as title (show-overflow-tooltip). */
  truncate?: boolean;
  hidden?: boolean;
}

export interface DataTableSelection<T> {
  selectedKeys: RowKey[];
  onChange: (keys: RowKey[], rows: T[]) => void;
  mode?: 'multiple' | 'single';
  selectable?: (row: T) => boolean;
}

export interface DataTableTree {
  childrenKey?: string;
  defaultExpandAll?: boolean;
  expandedKeys?: string[];
  onExpandedChange?: (keys: string[]) => void;
}

export interface DataTableProps<T> {
  columns: DataColumn<T>[];
  data: T[];
  rowKey: KeyOf<T>;
  loading?: boolean;
  emptyText?: string;
  selection?: DataTableSelection<T>;
  tree?: DataTableTree;
  hiddenColumns?: string[];
  onRowClick?: (row: T) => void;
  maxH?: string;
  testId?: string;
}

/** Own checkbox ids, so a table inside a form Field does not take the field's label/control ids. */
const OWN_IDS = {};

const px = (v?: string | number) => (typeof v === 'number' ? `${v}px` : v);

export function DataTable<T>({
  columns, data, rowKey, loading = false, emptyText = '暂无数据', selection, tree, hiddenColumns = [], onRowClick, maxH,
  testId = 'data-table',
}: DataTableProps<T>) {
  const childrenKey = tree?.childrenKey ?? 'children';
  const [innerExpanded, setInnerExpanded] = useState<string[]>(() =>
    tree?.defaultExpandAll ? expandableKeys(data, rowKey, childrenKey) : [],
  );
  const expanded = tree?.expandedKeys ?? innerExpanded;
  const setExpanded = (keys: string[]) => {
    if (!tree?.expandedKeys) setInnerExpanded(keys);
    tree?.onExpandedChange?.(keys);
  };
  const expandedSet = useMemo(() => new Set(expanded), [expanded]);

  // After a refetch with defaultExpandAll the new parents open too (el-table default-expand-all).
  const [seenData, setSeenData] = useState(data);
  if (tree?.defaultExpandAll && !tree.expandedKeys && seenData !== data) {
    setSeenData(data);
    setInnerExpanded(expandableKeys(data, rowKey, childrenKey));
  }

  const visible = columns.filter((c) => !c.hidden && !hiddenColumns.includes(c.key));
  const rows = tree
    ? visibleTreeRows(data, rowKey, expandedSet, childrenKey)
    : data.map((row) => ({ row, key: keyOfRow(row, rowKey), depth: 0, hasChildren: false, expanded: false }));

  const allRows = tree ? flattenRows(data, childrenKey) : data;
  const selectableRows = selection ? allRows.filter((r) => selection.selectable?.(r) ?? true) : [];
  const pageKeys = selectableRows.map((r) => keyOfRow(r, rowKey));
  const selected = selection?.selectedKeys ?? [];
  const selectedSet = new Set(selected.map(String));
  const single = selection?.mode === 'single';
  const emit = (keys: RowKey[]) => {
    const set = new Set(keys.map(String));
    selection?.onChange(keys, allRows.filter((r) => set.has(String(keyOfRow(r, rowKey)))));
  };
  const headState = selectAllState(pageKeys, selected);

  const toggleRow = (key: string) =>
    setExpanded(expandedSet.has(key) ? expanded.filter((k) => k !== key) : [...expanded, key]);

  return (
    <Box position="relative" data-testid={testId} aria-busy={loading}>
      <Table.ScrollArea borderWidth="1px" borderRadius="sm" maxH={maxH}>
        <Table.Root size="sm" interactive stickyHeader={!!maxH}>
          <Table.Header>
            <Table.Row bg="#f8f8f9">
              {selection && (
                <Table.ColumnHeader w="50px" textAlign="center">
                  {!single && (
                    <Checkbox.Root
                      size="sm"
                      ids={OWN_IDS}
                      checked={headState === 'all' ? true : headState === 'some' ? 'indeterminate' : false}
                      disabled={pageKeys.length === 0}
                      onCheckedChange={() => emit(toggleAll(pageKeys, selected))}
                    >
                      <Checkbox.HiddenInput aria-label="全选" />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  )}
                </Table.ColumnHeader>
              )}
              {visible.map((c) => (
                <Table.ColumnHeader
                  key={c.key}
                  textAlign={c.align ?? 'center'}
                  color="#515a6e"
                  fontWeight="bold"
                  w={px(c.width)}
                  minW={px(c.minWidth)}
                  whiteSpace="nowrap"
                >
                  {c.title}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(({ row, key, depth, hasChildren, expanded: open }, index) => {
              const isSelected = selectedSet.has(String(key));
              const canSelect = selection?.selectable?.(row) ?? true;
              return (
                <Table.Row
                  key={String(key)}
                  data-selected={isSelected || undefined}
                  bg={isSelected ? 'brand.subtle' : undefined}
                  cursor={onRowClick ? 'pointer' : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                >
                  {selection && (
                    <Table.Cell textAlign="center" onClick={(e) => e.stopPropagation()}>
                      {single ? (
                        <chakra.input
                          type="radio"
                          aria-label="选择"
                          accentColor="brand.solid"
                          checked={isSelected}
                          disabled={!canSelect}
                          onChange={() => emit(toggleOne(key, selected, true))}
                        />
                      ) : (
                        <Checkbox.Root
                          size="sm"
                          ids={OWN_IDS}
                          checked={isSelected}
                          disabled={!canSelect}
                          onCheckedChange={() => emit(toggleOne(key, selected))}
                        >
                          <Checkbox.HiddenInput aria-label="选择" />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      )}
                    </Table.Cell>
                  )}
                  {visible.map((c, ci) => {
                    const content = c.render ? c.render(row, index) : ((row as Record<string, unknown>)[(c.dataIndex ?? c.key) as string] as ReactNode);
                    const treeCell = tree && ci === 0;
                    return (
                      <Table.Cell
                        key={c.key}
                        textAlign={treeCell ? 'left' : (c.align ?? 'center')}
                        maxW={c.truncate ? px(c.width) ?? '240px' : undefined}
                        overflow={c.truncate ? 'hidden' : undefined}
                        textOverflow={c.truncate ? 'ellipsis' : undefined}
                        whiteSpace={c.truncate ? 'nowrap' : undefined}
                        title={c.truncate && (typeof content === 'string' || typeof content === 'number') ? String(content) : undefined}
                      >
                        {treeCell ? (
                          <Box display="flex" alignItems="center" pl={`${depth * 16}px`} gap="1">
                            {hasChildren ? (
                              <chakra.button
                                type="button"
                                aria-label={open ? '折叠' : '展开'}
                                aria-expanded={open}
                                display="inline-flex"
                                color="fg.muted"
                                onClick={(e) => {
                                  e.stopPropagation();
                                  toggleRow(String(key));
                                }}
                              >
                                <Icon name={open ? 'chevron-down' : 'chevron-right'} />
                              </chakra.button>
                            ) : (
                              <Box as="span" w="1em" flexShrink={0} />
                            )}
                            <Box as="span">{content}</Box>
                          </Box>
                        ) : (
                          content
                        )}
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        {rows.length === 0 && (
          <Text textAlign="center" py="6" color="fg.muted" fontSize="sm">
            {loading ? '' : emptyText}
          </Text>
        )}
      </Table.ScrollArea>
      {loading && (
        <Box position="absolute" inset="0" bg="whiteAlpha.700" zIndex="1" data-testid="table-loading" minH="16">
          <AbsoluteCenter>
            <Spinner color="brand.solid" />
          </AbsoluteCenter>
        </Box>
      )}
    </Box>
  );
}
