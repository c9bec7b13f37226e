/**
 * The detail table (明细表, `tag: 'detail-table'`) of the generated form file (codegen/generate.ts):
 * a Chakra Table with a 序号 column, one column per `__config__.children` field (its control bound
 * to the row through `setCell`, its showWhen read against the form values and the row), a 删除
 * button per row (disabled at `minRows`), the add button (`addText`, default 添加一行; disabled at
 * `maxRows`) and, with `showSummary`, a 合计 row summing each el-input-number column.
 */
import { detailColumns, numberProp, UNSAFE_KEYS } from '../../../../../shared/form';
import type { FormField } from '../../../components/form-render';
import { controlJsx, type Binding, type GenCtx } from './gen-controls';
import { condOf, indent, lit } from './gen-model';

/** The detail table's JSX: a Table of its columns' controls per row, 删除 per row, 添加一行 below, 合计 when `showSummary`. */
export function detailTable(field: FormField, key: string, ctx: GenCtx, formDisabled: boolean): string {
  ctx.imports.add('Box').add('Table').add('Button').add('Text');
  const config = field.__config__;
  const columns = detailColumns(field).filter((c) => typeof c.__vModel__ === 'string' && c.__vModel__ !== '' && !UNSAFE_KEYS.has(c.__vModel__));
  const rows = `rowsOf(values[${lit(key)}])`;
  const minRows = numberProp(config as Record<string, unknown>, 'minRows') ?? 0;
  const maxRows = numberProp(config as Record<string, unknown>, 'maxRows');
  const newRow: Record<string, unknown> = {};
  for (const c of columns) newRow[c.__vModel__!] = c.__config__.defaultValue ?? null;
  const head = columns.map((c) => {
    const star = c.__config__.required === true ? '<Text as="span" color="fg.error" mr="1">*</Text>' : '';
    return `<Table.ColumnHeader minW="40">${star}{${lit(typeof c.__config__.label === 'string' ? c.__config__.label : '')}}</Table.ColumnHeader>`;
  });
  const cells = columns.map((c) => {
    const binding: Binding = {
      value: `row[${lit(c.__vModel__)}]`,
      set: (expr) => `setCell(${lit(key)}, rowIndex, ${lit(c.__vModel__)}, ${expr})`,
    };
    const control = controlJsx(c, binding, ctx).jsx;
    const cond = condOf(c);
    const shown = cond ? `{isShown({ ...values, ...row }, ${lit([cond])}) ? (\n${indent(control, 2)}\n) : null}` : control;
    return `<Table.Cell>\n${indent(shown, 2)}\n</Table.Cell>`;
  });
  const removeOff = formDisabled ? 'true' : `${rows}.length <= ${minRows}`;
  const addOff = formDisabled ? 'true' : maxRows !== undefined ? `${rows}.length >= ${maxRows}` : 'false';
  const summary = config.showSummary === true ? [
    '<Table.Footer>',
    '  <Table.Row>',
    '    <Table.Cell fontWeight="medium">合计</Table.Cell>',
    ...columns.map((c) => (c.__config__.tag === 'el-input-number' ? `    <Table.Cell fontWeight="medium">{sumOf(${rows}, ${lit(c.__vModel__)})}</Table.Cell>` : '    <Table.Cell />')),
    '    <Table.Cell />',
    '  </Table.Row>',
    '</Table.Footer>',
  ] : [];
  const addText = typeof config.addText === 'string' && config.addText ? config.addText : '添加一行';
  return [
    '<Box>',
    '  <Box overflowX="auto">',
    '    <Table.Root size="sm" variant="outline">',
    '      <Table.Header>',
    '        <Table.Row>',
    '          <Table.ColumnHeader w="12">序号</Table.ColumnHeader>',
    ...head.map((h) => `          ${h}`),
    '          <Table.ColumnHeader w="20">操作</Table.ColumnHeader>',
    '        </Table.Row>',
    '      </Table.Header>',
    '      <Table.Body>',
    `        {${rows}.map((row, rowIndex) => (`,
    '          <Table.Row key={rowIndex}>',
    '            <Table.Cell>{rowIndex + 1}</Table.Cell>',
    ...cells.map((c) => indent(c, 12)),
    '            <Table.Cell>',
    `              <Button size="xs" variant="ghost" colorPalette="red" disabled={${removeOff}} onClick={() => removeRow(${lit(key)}, rowIndex)}>删除</Button>`,
    '            </Table.Cell>',
    '          </Table.Row>',
    '        ))}',
    '      </Table.Body>',
    ...summary.map((s) => `      ${s}`),
    '    </Table.Root>',
    '  </Box>',
    `  <Button mt="2" size="xs" variant="outline" disabled={${addOff}} onClick={() => addRow(${lit(key)}, ${lit(newRow)})}>{${lit(addText)}}</Button>`,
    '</Box>',
  ].join('\n');
}
