/**
 * Pieces of the tree-table screens, shared across domains (部门管理, 园区管理, 菜单管理, 代码生成's
 * parent-menu select; RuoYi views/system/{dept,menu}/index.vue): the columns and the 修改 / 新增 /
 * 删除 cell of a tree table and the flat-list → TreeSelect helpers. The 名称 + 状态 search form and
 * the 展开/折叠 button are in NameStatusSearch.tsx.
 */
import { Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DictTag } from '../dict/DictTag';
import type { DataColumn } from './DataTable';
import { handleTree } from './table-utils';
import type { TreeKey, TreeNode } from '../tree/tree-utils';
import type { DictOption } from '../../hooks/useDict';
import { RowButton } from './RowButton';

/**
 * Columns of the 部门 / 园区 tree table: the name (`nameKey`, `nameTitle`, 260px, left), 排序,
 * 状态 (a DictTag over `statusOptions`), 创建时间 and 操作 (`actions` of a row).
 */
export function orgTreeColumns<T extends { status?: string | null }>(
  nameKey: string,
  nameTitle: string,
  statusOptions: DictOption[],
  actions: (row: T) => ReactNode,
): DataColumn<T>[] {
  return [
    { key: nameKey, title: nameTitle, width: 260, align: 'left' },
    { key: 'orderNum', title: '排序', width: 200 },
    { key: 'status', title: '状态', width: 100, render: (r) => <DictTag options={statusOptions} value={r.status} /> },
    { key: 'createTime', title: '创建时间', width: 200 },
    { key: 'actions', title: '操作', render: actions },
  ];
}

/** 修改 / 新增 / 删除 of a tree row, gated by `${perm}:edit|add|remove`; `canRemove` false hides 删除. */
export function TreeRowActions({ perm, onEdit, onAdd, onRemove, canRemove = true }: {
  perm: string;
  onEdit: () => void;
  onAdd: () => void;
  onRemove: () => void;
  canRemove?: boolean;
}) {
  return (
    <Flex gap="1" justify="center" wrap="nowrap">
      <RowButton perm={[`${perm}:edit`]} icon="edit" onClick={onEdit} testId="row-edit">
        修改
      </RowButton>
      <RowButton perm={[`${perm}:add`]} icon="plus" onClick={onAdd} testId="row-add">
        新增
      </RowButton>
      {canRemove && (
        <RowButton perm={[`${perm}:remove`]} icon="delete" onClick={onRemove} testId="row-remove">
          删除
        </RowButton>
      )}
    </Flex>
  );
}

/** A flat list → TreeSelect nodes (RuoYi handleTree + the treeselect normalizer). */
export function toTreeNodes<T extends object>(rows: T[], id: keyof T, parentId: keyof T, label: keyof T): TreeNode[] {
  type Nested = T & { children?: Nested[] };
  const map = (r: Nested): TreeNode => ({
    id: r[id] as TreeKey,
    label: String(r[label]),
    ...(r.children ? { children: r.children.map(map) } : {}),
  });
  return (handleTree(rows, id, parentId) as Nested[]).map(map);
}

/** The tree without node `id` and its subtree (the 上级 choices of an edit form). */
export function withoutSubtree(nodes: TreeNode[], id: TreeKey): TreeNode[] {
  return nodes
    .filter((n) => String(n.id) !== String(id))
    .map((n) => (n.children ? { ...n, children: withoutSubtree(n.children, id) } : n));
}
