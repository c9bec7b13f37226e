/**
 * Process panel extras (workflow spec §3 "Process definition attributes": category, signal; §2
 * resource list editor): 流程分类 from dict `sys_process_category` → `flowable:processCategory`
 * (empty removes it), 信号定义 and 资源列表 dialogs with their summaries.
 */
import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useDict } from '../../../hooks/useDict';
import type { PanelTarget } from './usePanelTarget';
import { PanelButton } from './DialogShell';
import { Row, SelectRow } from './fields';
import { ResourceDialog, SignalDialog } from './ProcessDialogs';
import { readCategory, readResources, readSignals, SIGNAL_SCOPES, writeCategory, writeResources, writeSignals } from './forms/process';

/** 流程分类 select (in 常规). */
export function CategoryRow({ target }: { target: PanelTarget }) {
  const { sys_process_category: categories } = useDict('sys_process_category');
  const value = readCategory(target.bo);
  const options = categories.map((c) => ({ value: c.value, label: c.label }));
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  return <SelectRow label="流程分类" value={value} options={options} testId="panel-category" onChange={(v) => writeCategory(target.ops, target.bo, v)} />;
}

/** 信号定义 and 资源列表 rows (in 其他). */
export function SignalsAndResources({ target }: { target: PanelTarget }) {
  const [dialog, setDialog] = useState<'signal' | 'resource' | null>(null);
  const signals = readSignals(target.definitions);
  const resources = readResources(target.bo);
  return (
    <>
      <Row label="信号定义">
        <Box>
          {signals.map((s) => (
            <Flex key={s.id} gap="2" align="center" fontSize="xs" mb="1" data-testid="signal-summary">
              <Badge size="sm" colorPalette="blue">{SIGNAL_SCOPES.find((o) => o.value === s.scope)?.label ?? s.scope}</Badge>
              <Text truncate>{s.name} ({s.id})</Text>
            </Flex>
          ))}
          <PanelButton onClick={() => setDialog('signal')} testId="signal-edit">编辑信号</PanelButton>
        </Box>
      </Row>
      <Row label="资源列表">
        <Box>
          {resources.length > 0 && <Text fontSize="xs" mb="1" color="#606266" data-testid="resource-summary">{resources.join('、')}</Text>}
          <PanelButton onClick={() => setDialog('resource')} testId="resource-edit">编辑资源</PanelButton>
        </Box>
      </Row>
      <SignalDialog
        open={dialog === 'signal'}
        value={signals}
        onClose={() => setDialog(null)}
        onConfirm={(rows) => {
          if (target.definitions) writeSignals(target.ops, target.definitions, rows);
          setDialog(null);
        }}
      />
      <ResourceDialog
        open={dialog === 'resource'}
        value={resources}
        onClose={() => setDialog(null)}
        onConfirm={(list) => {
          writeResources(target.ops, target.bo, list);
          setDialog(null);
        }}
      />
    </>
  );
}
