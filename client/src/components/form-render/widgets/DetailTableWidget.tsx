/**
 * The detail table (明细表, `tag: 'detail-table'`) of a stored form: one row per object of the
 * value array, each cell the column's own widget (FieldWidget); 添加一行 (`addText`) and 删除
 * per row, disabled at `maxRows` / `minRows`; a 合计 row summing every el-input-number column
 * when `showSummary`; read-only when disabled; when the table's check failed (`invalid`), each
 * failing cell shows its own message (shared/form fieldError, the same rule as the server).
 * A task node's column permissions (`__config__.permission`, issue 16): a hidden column is not
 * shown, a read-only one shows its cells as read-only values (read-only.ts) and no messages; a
 * failing cell has error styling as well as its message. Fixed rows (`minRows = maxRows =`
 * the rows there are, as such a node's table has) show no 操作 column and no add button.
 */
import { Box, Button, Flex, Table, Text } from '@chakra-ui/react';
import { detailColumns, fieldError, isLocked, markOf, numberProp } from '../../../../../shared/form';
import { columnSum, newRow, tableRows } from '../model';
import { numberText } from '../number-format';
import { numProp } from './types';
import type { FormField } from '../../../../../shared/form/types';
import { FieldWidget } from './FieldWidget';
import type { WidgetProps } from './types';
import { READ_ONLY_CSS } from '../read-only';

export interface DetailTableProps extends WidgetProps {
  /** The table's check failed: show each failing cell's message. */
  invalid?: boolean;
}

/** A number column's precision (undefined when free), so its 合计 shows the same digits as its cells. */
const precisionOf = (c: FormField): number | undefined => numProp(c, 'precision');

/** 明细表 widget; value = an array of row objects keyed by the columns' `__vModel__`. */
export function DetailTableWidget({ field, value, onChange, onBlur, disabled, size, invalid }: DetailTableProps) {
  const config = field.__config__;
  const columns = detailColumns(field).filter((c) => markOf(c) !== 'hidden');
  const rows = tableRows(value);
  const minRows = numberProp(config, 'minRows') ?? 0;
  const maxRows = numberProp(config, 'maxRows');
  const key = field.__vModel__ ?? 'table';
  const fixed = maxRows !== undefined && minRows === maxRows && rows.length === maxRows;
  const editRows = !disabled && !fixed;
  const canAdd = !disabled && (maxRows === undefined || rows.length < maxRows);
  const canRemove = !disabled && rows.length > minRows;
  const setCell = (i: number, col: string, v: unknown) => onChange(rows.map((r, j) => (j === i ? { ...r, [col]: v } : r)));
  const numberCols = columns.filter((c) => c.__config__.tag === 'el-input-number');

  return (
    <Box data-testid={`detail-table-${key}`} w="100%">
      <Box borderWidth="1px" borderRadius="sm" overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader w="14" textAlign="center">序号</Table.ColumnHeader>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.__vModel__} minW="36">
                  {c.__config__.required === true && <Text as="span" color="red.500" mr="1">*</Text>}
                  {c.__config__.label}
                </Table.ColumnHeader>
              ))}
              {editRows && <Table.ColumnHeader w="20" textAlign="center">操作</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={columns.length + 2} textAlign="center" color="fg.muted">暂无数据</Table.Cell>
              </Table.Row>
            )}
            {rows.map((row, i) => (
              <Table.Row key={i} data-testid={`detail-row-${i}`}>
                <Table.Cell textAlign="center">{i + 1}</Table.Cell>
                {columns.map((c) => {
                  const col = c.__vModel__!;
                  const msg = invalid && !isLocked(c) ? fieldError(c, row[col]) : null;
                  const readOnly = markOf(c) === 'readonly';
                  return (
                    <Table.Cell key={col} verticalAlign="top" data-testid={`detail-cell-${i}-${col}`} css={readOnly ? READ_ONLY_CSS : undefined}>
                      <FieldWidget
                        field={{ ...c, style: { ...(c.style ?? {}), width: '100%' } }}
                        value={row[col]}
                        size={size}
                        invalid={!!msg}
                        disabled={disabled || c.disabled === true || readOnly}
                        onChange={(v) => setCell(i, col, v)}
                        onBlur={onBlur}
                      />
                      {msg && <Text fontSize="xs" color="fg.error" mt="1" data-testid="detail-cell-error">{msg}</Text>}
                    </Table.Cell>
                  );
                })}
                {editRows && (
                  <Table.Cell textAlign="center" verticalAlign="top">
                    <Button size="xs" variant="ghost" colorPalette="red" disabled={!canRemove} data-testid={`detail-remove-${i}`}
                      onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                      删除
                    </Button>
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
            {config.showSummary === true && (
              <Table.Row bg="bg.subtle" fontWeight="semibold" data-testid="detail-summary">
                <Table.Cell textAlign="center">合计</Table.Cell>
                {columns.map((c) => (
                  <Table.Cell key={c.__vModel__} data-testid={numberCols.includes(c) ? `detail-sum-${c.__vModel__}` : undefined}>
                    {numberCols.includes(c) ? numberText(columnSum(rows, c.__vModel__!), precisionOf(c)) : ''}
                  </Table.Cell>
                ))}
                {editRows && <Table.Cell />}
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      {editRows && (
        <Flex mt="2">
          <Button size="xs" variant="outline" colorPalette="brand" disabled={!canAdd} data-testid="detail-add"
            onClick={() => onChange([...rows, newRow(columns)])}>
            + {typeof config.addText === 'string' && config.addText ? config.addText : '添加一行'}
          </Button>
        </Flex>
      )}
    </Box>
  );
}
