/**
 * An editable rows table for the panel dialogs (signals, listeners, params, form fields,
 * properties, input/output): text, select or checkbox cells, a message under an invalid cell
 * (spec §5 请选择 / 请输入), 添加 and per-row 删除 plus optional extra row actions.
 */
import { Box, Button, Checkbox, Flex, Input, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SelectControl, type Option } from './fields';

export interface EditableColumn<T> {
  key: keyof T & string;
  title: string;
  width?: string;
  kind?: 'text' | 'select' | 'check';
  options?: Option[];
  placeholder?: string;
}

export function EditableTable<T extends object>({ rows, columns, errors = {}, onChange, newRow, rowActions, testId, emptyText = '暂无数据' }: {
  rows: T[];
  columns: EditableColumn<T>[];
  errors?: Record<number, Partial<Record<keyof T, string>>>;
  onChange: (rows: T[]) => void;
  newRow: () => T;
  rowActions?: (row: T, index: number) => ReactNode;
  testId?: string;
  emptyText?: string;
}) {
  const set = (i: number, key: keyof T, value: unknown) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  return (
    <Box data-testid={testId}>
      <Flex justify="flex-end" mb="2">
        <Button size="xs" colorPalette="brand" onClick={() => onChange([...rows, newRow()])} data-testid={testId ? `${testId}-add` : undefined}>
          + 添加
        </Button>
      </Flex>
      <Table.Root size="sm" variant="outline" showColumnBorder>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader w="50px" textAlign="center">序号</Table.ColumnHeader>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.key} w={c.width}>{c.title}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader w="120px" textAlign="center">操作</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={columns.length + 2} textAlign="center" color="gray.500" py="5">{emptyText}</Table.Cell>
            </Table.Row>
          )}
          {rows.map((row, i) => (
            <Table.Row key={i} data-testid={testId ? `${testId}-row` : undefined} verticalAlign="top">
              <Table.Cell textAlign="center" pt="3.5">{i + 1}</Table.Cell>
              {columns.map((c) => {
                const value = row[c.key] as unknown;
                const err = errors[i]?.[c.key];
                return (
                  <Table.Cell key={c.key}>
                    {c.kind === 'select' ? (
                      <SelectControl value={String(value ?? '')} options={c.options ?? []} onChange={(v) => set(i, c.key, v)} label={c.title} testId={`cell-${c.key}`} />
                    ) : c.kind === 'check' ? (
                      <Checkbox.Root size="sm" checked={Boolean(value)} onCheckedChange={(d) => set(i, c.key, !!d.checked)} mt="1.5">
                        <Checkbox.HiddenInput aria-label={c.title} />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    ) : (
                      <Input size="sm" value={String(value ?? '')} placeholder={c.placeholder ?? `请输入${c.title}`} aria-label={c.title}
                        data-testid={`cell-${c.key}`} onChange={(e) => set(i, c.key, e.target.value)} borderColor={err ? 'red.500' : undefined} />
                    )}
                    {err && <Text fontSize="xs" color="fg.error" mt="0.5" data-testid="table-error">{err}</Text>}
                  </Table.Cell>
                );
              })}
              <Table.Cell textAlign="center" pt="2.5">
                <Flex gap="1" justify="center" wrap="wrap">
                  {rowActions?.(row, i)}
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onChange(rows.filter((_, j) => j !== i))}>删除</Button>
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
