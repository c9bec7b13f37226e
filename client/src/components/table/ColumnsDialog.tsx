/**
 * 显示/隐藏 dialog of RightToolbar (platform spec §2 "Other": the dialog that toggles table
 * columns between shown and hidden; RuoYi el-transfer titles 显示 / 隐藏). Changes apply at once.
 *
 * Props: `open: boolean`, `onClose(): void`, `columns: {key, label}[]`, `hidden: string[]`,
 * `onHiddenChange(keys: string[]): void`.
 */
import { Box, Button, Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../feedback/AppDialog';
import { Icon } from '../Icon';

export interface ToolbarColumn {
  key: string;
  label: string;
}

interface ColumnsDialogProps {
  open: boolean;
  onClose: () => void;
  columns: ToolbarColumn[];
  hidden: string[];
  onHiddenChange: (keys: string[]) => void;
}

function Panel({ title, items, picked, onPick, testId }: {
  title: string;
  items: ToolbarColumn[];
  picked: string[];
  onPick: (keys: string[]) => void;
  testId: string;
}) {
  const all = items.length > 0 && items.every((c) => picked.includes(c.key));
  const some = items.some((c) => picked.includes(c.key));
  return (
    <Box borderWidth="1px" borderRadius="sm" w="200px" h="280px" display="flex" flexDirection="column" data-testid={testId}>
      <Flex bg="#f5f7fa" px="3" py="2" borderBottomWidth="1px" align="center" justify="space-between">
        <Checkbox.Root
          size="sm"
          checked={all ? true : some ? 'indeterminate' : false}
          disabled={items.length === 0}
          onCheckedChange={() => onPick(all ? [] : items.map((c) => c.key))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="normal">{title}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="xs" color="fg.muted">
          {picked.filter((k) => items.some((c) => c.key === k)).length}/{items.length}
        </Text>
      </Flex>
      <Stack gap="1" p="2" overflowY="auto" flex="1">
        {items.length === 0 && (
          <Text color="fg.muted" fontSize="sm" textAlign="center" mt="6">
            无数据
          </Text>
        )}
        {items.map((c) => (
          <Checkbox.Root
            key={c.key}
            size="sm"
            checked={picked.includes(c.key)}
            onCheckedChange={(d) => onPick(d.checked ? [...picked, c.key] : picked.filter((k) => k !== c.key))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label fontWeight="normal">{c.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Box>
  );
}

export function ColumnsDialog({ open, onClose, columns, hidden, onHiddenChange }: ColumnsDialogProps) {
  const [leftPicked, setLeftPicked] = useState<string[]>([]);
  const [rightPicked, setRightPicked] = useState<string[]>([]);
  const shown = columns.filter((c) => !hidden.includes(c.key));
  const hiddenCols = columns.filter((c) => hidden.includes(c.key));
  const hide = () => {
    onHiddenChange([...hidden, ...leftPicked.filter((k) => !hidden.includes(k))]);
    setLeftPicked([]);
  };
  const show = () => {
    onHiddenChange(hidden.filter((k) => !rightPicked.includes(k)));
    setRightPicked([]);
  };
  return (
    <AppDialog open={open} title="显示/隐藏" width="560px" placement="center" testId="columns-dialog" onClose={onClose} footer={null}>
      <Flex align="center" justify="center" gap="3">
        <Panel title="显示" items={shown} picked={leftPicked} onPick={setLeftPicked} testId="columns-shown" />
        <Stack gap="2">
          <Button size="xs" colorPalette="brand" disabled={rightPicked.length === 0} onClick={show} aria-label="显示所选列">
            <Icon name="chevron-left" />
          </Button>
          <Button size="xs" colorPalette="brand" disabled={leftPicked.length === 0} onClick={hide} aria-label="隐藏所选列">
            <Icon name="chevron-right" />
          </Button>
        </Stack>
        <Panel title="隐藏" items={hiddenCols} picked={rightPicked} onPick={setRightPicked} testId="columns-hidden" />
      </Flex>
    </AppDialog>
  );
}
