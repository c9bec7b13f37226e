/**
 * Process panel extras (workflow spec §3 "Process definition attributes": category, signal):
 * 流程分类 from dict `sys_process_category` → `flowable:processCategory` (empty removes it) and
 * the 信号定义 dialog with its summary (signals edited in place, forms/process.ts). No resource
 * list and no signal scope: the engine reads neither (issue 13).
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useDict } from '../../../hooks/useDict';
import type { PanelTarget } from './usePanelTarget';
import { PanelButton } from './DialogShell';
import { Row, SelectRow } from './fields';
import { SignalDialog } from './ProcessDialogs';
import { readCategory, readSignals, writeCategory, writeSignals } from './forms/process';

/** 流程分类 select (in 常规). */
export function CategoryRow({ target }: { target: PanelTarget }) {
  const { sys_process_category: categories } = useDict('sys_process_category');
  const value = readCategory(target.bo);
  const options = categories.map((c) => ({ value: c.value, label: c.label }));
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  return <SelectRow label="流程分类" value={value} options={options} testId="panel-category" onChange={(v) => writeCategory(target.ops, target.bo, v)} />;
}

/** 信号定义 row (in 其他). */
export function SignalsRow({ target }: { target: PanelTarget }) {
  const [open, setOpen] = useState(false);
  const signals = readSignals(target.definitions);
  return (
    <>
      <Row label="信号定义">
        <Box minW="0">
          {signals.map((s) => (
            <Flex key={s.id} gap="2" align="center" fontSize="xs" mb="1" data-testid="signal-summary">
              <Text truncate title={`${s.name} (${s.id})`}>{s.name} ({s.id})</Text>
            </Flex>
          ))}
          <PanelButton onClick={() => setOpen(true)} testId="signal-edit">编辑信号</PanelButton>
        </Box>
      </Row>
      <SignalDialog
        open={open}
        value={signals}
        definitions={target.definitions}
        idTaken={target.idTaken}
        onClose={() => setOpen(false)}
        onConfirm={(rows) => {
          if (target.definitions) writeSignals(target.ops, target.definitions, rows);
          setOpen(false);
        }}
      />
    </>
  );
}
