/**
 * A cascader's data (spec §4 "Form designer": dynamic data is fetched from a url, static data is
 * edited as a tree; re-fetched on blur of the url and when the method changes): 数据类型
 * 动态数据 / 静态数据; dynamic → 接口地址, 请求方式, 数据位置 and the fetched count or error; static → a
 * tree with 添加 (child) / 删除 per node and 添加父级, both through the tree-node dialog (spec §2,
 * §5), node ids from `nextTreeNodeId()`; then 标签键名 / 值键名 / 子级键名 (`props.props`).
 */
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import type { ItemEditorProps } from './BasicProps';
import { PanelDivider, PropRow, RadioProp, SelectControl, TextProp } from './controls';
import { fetchDynamicOptions, withFetchedOptions } from './dynamic-fetch';
import { setConfig, setIn } from './edit';
import { addTreeNode, countNodes, ensureTreeIds, removeTreeNode, type TreeNode } from './lists';
import { OptionDialog } from './OptionDialog';
import { DATA_TYPES, METHOD_CHOICES } from './props';

function TreeRows({ nodes, depth, onAdd, onRemove }: { nodes: TreeNode[]; depth: number; onAdd: (id: number) => void; onRemove: (id: number) => void }) {
  return (
    <>
      {nodes.map((n, i) => (
        <Box key={n.id ?? `i${i}`}>
          <Flex align="center" gap="1" pl={`${depth * 16 + 4}px`} pr="1" h="7" _hover={{ bg: 'gray.50' }} data-testid="tree-node" role="treeitem">
            <Text flex="1" fontSize="13px" truncate title={`${n.label}（${String(n.value)}）`}>
              {n.label}
            </Text>
            <Button size="2xs" variant="plain" colorPalette="brand" onClick={() => typeof n.id === 'number' && onAdd(n.id)} aria-label={`添加 ${n.label} 的子节点`}>
              添加
            </Button>
            <Button size="2xs" variant="plain" colorPalette="red" onClick={() => typeof n.id === 'number' && onRemove(n.id)} aria-label={`删除 ${n.label}`}>
              删除
            </Button>
          </Flex>
          {n.children?.length ? <TreeRows nodes={n.children} depth={depth + 1} onAdd={onAdd} onRemove={onRemove} /> : null}
        </Box>
      ))}
    </>
  );
}

/** The cascader data block; see the file comment. `nextTreeNodeId` hands out node ids. */
export function CascaderData({ item, onItemChange, nextTreeNodeId }: ItemEditorProps & { nextTreeNodeId: () => number }) {
  const c = item.__config__;
  const dynamic = c.dataType === 'dynamic';
  const tree = (Array.isArray(item.options) ? item.options : []) as TreeNode[];
  const keys = ((item.props as { props?: Record<string, string> } | undefined)?.props ?? {}) as Record<string, string>;
  const [parent, setParent] = useState<number | null | undefined>(undefined);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [loading, setLoading] = useState(false);

  const load = async (field = item) => {
    setLoading(true);
    const out = await fetchDynamicOptions(field);
    setLoading(false);
    if (out.ok) {
      setStatus({ ok: true, text: `已获取 ${countNodes(out.options)} 条数据` });
      onItemChange(withFetchedOptions(field, out.options));
    } else setStatus({ ok: false, text: out.error });
  };
  const saveTree = (next: TreeNode[]) => onItemChange(setIn(item, ['options'], next));
  const openAdd = (id: number | null) => {
    // Nodes loaded from stored JSON may lack ids: give them ids first so the target can be found.
    const withIds = ensureTreeIds(tree, nextTreeNodeId);
    if (withIds !== tree) saveTree(withIds);
    setParent(id);
  };

  return (
    <Box data-testid="cascader-data">
      <PanelDivider>选项</PanelDivider>
      <RadioProp
        label="数据类型"
        name="dataType"
        value={dynamic ? 'dynamic' : 'static'}
        choices={DATA_TYPES}
        onChange={(v) => {
          setStatus(null);
          onItemChange(setConfig(item, 'dataType', v));
        }}
      />
      {dynamic ? (
        <>
          <TextProp label="接口地址" name="url" value={c.url} placeholder="请输入接口地址" onChange={(v) => onItemChange(setConfig(item, 'url', v))} onBlur={() => c.url && void load()} />
          <PropRow label="请求方式">
            <SelectControl
              name="method"
              label="请求方式"
              value={c.method ?? 'get'}
              choices={METHOD_CHOICES}
              onChange={(v) => {
                const next = setConfig(item, 'method', v);
                onItemChange(next);
                if (c.url) void load(next);
              }}
            />
          </PropRow>
          <TextProp label="数据位置" name="dataPath" value={c.dataPath} placeholder="请输入数据位置" onChange={(v) => onItemChange(setConfig(item, 'dataPath', v))} onBlur={() => c.url && void load()} />
          {(loading || status) && (
            <Text fontSize="xs" ml="92px" mb="2" color={loading ? 'fg.muted' : status?.ok ? 'green.600' : 'fg.error'} data-testid="dynamic-status">
              {loading ? '数据加载中…' : status?.text}
            </Text>
          )}
        </>
      ) : (
        <Box borderWidth="1px" borderRadius="sm" py="1" mb="2" role="tree" aria-label="静态数据" data-testid="static-tree">
          {tree.length ? (
            <TreeRows nodes={tree} depth={0} onAdd={(id) => openAdd(id)} onRemove={(id) => saveTree(removeTreeNode(tree, id))} />
          ) : (
            <Text fontSize="xs" color="fg.muted" px="2" py="1">暂无数据</Text>
          )}
          <Button size="xs" variant="ghost" colorPalette="brand" ml="1" onClick={() => openAdd(null)} data-testid="tree-add-root">
            <Icon name="plus" /> 添加父级
          </Button>
        </Box>
      )}
      <TextProp label="标签键名" name="labelKey" value={keys.label ?? 'label'} placeholder="请输入标签键名" onChange={(v) => onItemChange(setIn(item, ['props', 'props', 'label'], v))} />
      <TextProp label="值键名" name="valueKey" value={keys.value ?? 'value'} placeholder="请输入值键名" onChange={(v) => onItemChange(setIn(item, ['props', 'props', 'value'], v))} />
      <TextProp label="子级键名" name="childrenKey" value={keys.children ?? 'children'} placeholder="请输入子级键名" onChange={(v) => onItemChange(setIn(item, ['props', 'props', 'children'], v))} />
      <OptionDialog
        open={parent !== undefined}
        title="添加节点"
        testId="tree-node-dialog"
        onClose={() => setParent(undefined)}
        onSubmit={(o) => {
          const current = ensureTreeIds(tree, nextTreeNodeId);
          saveTree(addTreeNode(current, parent ?? null, { ...o, id: nextTreeNodeId() }));
        }}
      />
    </Box>
  );
}
