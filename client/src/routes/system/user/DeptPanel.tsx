/**
 * Left column of 用户管理: the dept tree with the 请输入部门名称 filter; a click filters the list
 * by that dept (and its descendants, on the server).
 */
import { Box, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { Tree } from '../../../components/tree/Tree';
import type { TreeKey, TreeNode } from '../../../components/tree/tree-utils';

export function DeptPanel({ data, selected, onSelect }: {
  data: TreeNode[];
  selected: TreeKey | null;
  onSelect: (id: TreeKey) => void;
}) {
  const [text, setText] = useState('');
  return (
    <Box w={{ base: '100%', lg: '240px' }} flexShrink={0} data-testid="dept-panel">
      <Input size="sm" mb="4" placeholder="请输入部门名称" value={text} onChange={(e) => setText(e.target.value)} />
      <Tree
        data={data}
        filterText={text}
        defaultExpandAll
        selectedKey={selected}
        onSelect={(node) => onSelect(node.id)}
        testId="dept-tree"
      />
    </Box>
  );
}
