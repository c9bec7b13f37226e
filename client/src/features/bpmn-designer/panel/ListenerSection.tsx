/**
 * 执行监听器 / 任务监听器 section: the node's listeners in a compact list and 编辑 opening the
 * listener dialog (workflow spec §2 "Workflow task-listener editor", §3 "Task listener",
 * "Execution listener"). Sequence flows offer only `take`, other elements only `start` / `end`.
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { PanelTarget } from './usePanelTarget';
import { PanelButton } from './DialogShell';
import { ListenerDialog } from './ListenerDialog';
import { EXECUTION_EVENTS, LISTENER_TYPES, readListeners, TASK_EVENTS, writeListeners, type ListenerKind } from './forms/listeners';

const label = (options: { value: string; label: string }[], v: string) => options.find((o) => o.value === v)?.label ?? v;

export function ListenerSection({ target, kind }: { target: PanelTarget; kind: ListenerKind }) {
  const [open, setOpen] = useState(false);
  const rows = readListeners(target.bo, kind);
  // Flows fire only take; every other element only start / end (the engine refuses take on a node, model/lint.ts).
  const events = kind === 'task' ? TASK_EVENTS : EXECUTION_EVENTS.filter((e) => (e.value === 'take') === (target.kind === 'sequenceFlow'));
  return (
    <Box pb="3" data-testid={`${kind}-listener-section`}>
      {rows.length === 0 ? (
        <Text fontSize="sm" color="gray.500" mb="2">暂无监听器</Text>
      ) : (
        <Box mb="2" borderWidth="1px" borderColor="gray.200" borderRadius="sm">
          {rows.map((r, i) => (
            <Flex key={i} px="2" py="1.5" gap="2" fontSize="xs" borderTopWidth={i ? '1px' : 0} borderColor="gray.100" data-testid="listener-summary">
              <Text w="36px" color="#606266">{label([...TASK_EVENTS, ...EXECUTION_EVENTS], r.event)}</Text>
              <Text w="64px" color="#606266">{label(LISTENER_TYPES, r.type)}</Text>
              <Text flex="1" truncate title={r.value}>{r.value}</Text>
            </Flex>
          ))}
        </Box>
      )}
      <PanelButton onClick={() => setOpen(true)} testId={`${kind}-listener-edit`}>编辑{kind === 'task' ? '任务' : '执行'}监听器</PanelButton>
      <ListenerDialog
        open={open}
        kind={kind}
        value={rows}
        events={events}
        onClose={() => setOpen(false)}
        onConfirm={(next) => {
          writeListeners(target.ops, target.bo, kind, next);
          setOpen(false);
        }}
      />
    </Box>
  );
}
