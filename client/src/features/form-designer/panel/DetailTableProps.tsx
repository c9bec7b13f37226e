/**
 * 明细表 (the detail table, `__config__.tag 'detail-table'`): 最少行数 (min 0, default 0), 最多行数
 * (empty = no limit), 显示合计 (a 合计 row summing its number columns), 添加按钮文字 (default
 * '添加一行'). Its columns are edited by selecting them on the canvas (the hint says so).
 */
import { Box, Text } from '@chakra-ui/react';
import type { ItemEditorProps } from './BasicProps';
import { NumberProp, PanelDivider, SwitchProp, TextProp } from './controls';
import { setConfig } from './edit';

/** The detail-table block; see the file comment. */
export function DetailTableProps({ item, onItemChange }: ItemEditorProps) {
  const c = item.__config__;
  const columns = Array.isArray(c.children) ? c.children.length : 0;
  const conf = (k: string, v: unknown) => onItemChange(setConfig(item, k, v));
  return (
    <Box data-testid="detail-table-props">
      <PanelDivider>明细表</PanelDivider>
      <NumberProp label="最少行数" name="minRows" min={0} value={c.minRows ?? 0} placeholder="0" onChange={(v) => conf('minRows', v ?? 0)} />
      <NumberProp label="最多行数" name="maxRows" min={1} value={c.maxRows ?? ''} placeholder="不限" onChange={(v) => conf('maxRows', v)} />
      <SwitchProp label="显示合计" name="showSummary" checked={c.showSummary === true} onChange={(v) => conf('showSummary', v)} />
      <TextProp label="添加按钮文字" name="addText" value={c.addText ?? '添加一行'} placeholder="添加一行" onChange={(v) => conf('addText', v)} />
      <Text fontSize="xs" color="fg.muted" bg="gray.50" borderRadius="sm" px="2" py="1.5" mb="2" data-testid="detail-table-hint">
        共 {columns} 列。列的属性请在画布中点击明细表里的列进行编辑；把输入或选择组件拖入明细表即可添加列（上传、编辑器、行容器、按钮不可作为列）。
      </Text>
    </Box>
  );
}
