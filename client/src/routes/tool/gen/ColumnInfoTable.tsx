/**
 * 字段信息 tab of 修改生成配置 (RuoYi views/tool/gen/editTable.vue columns table): per column 序号
 * (the drag handle: rows are re-ordered by dragging it, RuoYi's Sortable on `.allowDrag`), 字段列名,
 * 字段描述, 物理类型, TS类型, TS属性, 插入 / 编辑 / 列表 / 查询, 查询方式, 必填, 显示类型, 字典类型.
 * Rows carry `data-testid="gen-column-row"` and `data-column` (the column name).
 */
import { Box, Checkbox, Input, Table } from '@chakra-ui/react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { OptionSelect, type OptionSelectProps } from '../../../components/form/OptionSelect';
import { Icon } from '../../../components/Icon';
import { HTML_TYPE_OPTIONS, JAVA_TYPE_OPTIONS, QUERY_TYPE_OPTIONS, type GenColumnRow } from './gen-kit';

type Flag = 'isInsert' | 'isEdit' | 'isList' | 'isQuery' | 'isRequired';
type Patch = Partial<GenColumnRow>;
export interface DictTypeOption { value: string; label: string }

const OWN_IDS = {};
/** Header titles and widths: together about 1040 px, the edit card's width on a 1366 px screen (narrower scrolls). */
const HEAD: [string, string][] = [
  ['序号', '52px'], ['字段列名', '104px'], ['字段描述', '112px'], ['物理类型', '90px'], ['TS类型', '86px'], ['TS属性', '104px'],
  ['插入', '40px'], ['编辑', '40px'], ['列表', '40px'], ['查询', '40px'], ['查询方式', '84px'], ['必填', '40px'], ['显示类型', '100px'],
  ['字典类型', '108px'],
];

/** A small select of a cell (size xs, as the cell inputs); `placeholder` adds an empty entry. */
const CellSelect = (props: Omit<OptionSelectProps, 'size' | 'w'>) => <OptionSelect {...props} size="xs" w="100%" />;

function FlagBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <Checkbox.Root size="sm" ids={OWN_IDS} checked={value === '1'} onCheckedChange={(d) => onChange(d.checked === true ? '1' : '0')} aria-label={label}>
      <Checkbox.HiddenInput name={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function ColumnRow({ row, index, dictOptions, onChange }: {
  row: GenColumnRow;
  index: number;
  dictOptions: DictTypeOption[];
  onChange: (patch: Patch) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: String(row.columnId) });
  const flag = (key: Flag, label: string) => (
    <Table.Cell textAlign="center">
      <FlagBox value={row[key]} label={label} onChange={(v) => onChange({ [key]: v })} />
    </Table.Cell>
  );
  return (
    <Table.Row
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      bg={isDragging ? 'blue.50' : undefined}
      position={isDragging ? 'relative' : undefined}
      zIndex={isDragging ? 1 : undefined}
      data-testid="gen-column-row"
      data-column={row.columnName}
    >
      <Table.Cell textAlign="center" cursor="move" color="fg.muted" title="拖动排序" {...attributes} {...listeners} data-testid="gen-column-drag">
        <Box as="span" display="inline-flex" alignItems="center" gap="1">
          <Icon name="menu" />
          {index + 1}
        </Box>
      </Table.Cell>
      <Table.Cell truncate title={row.columnName}>{row.columnName}</Table.Cell>
      <Table.Cell>
        <Input size="xs" name="columnComment" value={row.columnComment ?? ''} onChange={(e) => onChange({ columnComment: e.target.value })} />
      </Table.Cell>
      <Table.Cell truncate title={row.columnType}>{row.columnType}</Table.Cell>
      <Table.Cell>
        <CellSelect name="javaType" options={JAVA_TYPE_OPTIONS} value={row.javaType} onChange={(javaType) => onChange({ javaType })} />
      </Table.Cell>
      <Table.Cell>
        <Input size="xs" name="javaField" value={row.javaField ?? ''} onChange={(e) => onChange({ javaField: e.target.value })} />
      </Table.Cell>
      {flag('isInsert', '插入')}
      {flag('isEdit', '编辑')}
      {flag('isList', '列表')}
      {flag('isQuery', '查询')}
      <Table.Cell>
        <CellSelect name="queryType" options={QUERY_TYPE_OPTIONS} value={row.queryType} onChange={(queryType) => onChange({ queryType })} />
      </Table.Cell>
      {flag('isRequired', '必填')}
      <Table.Cell>
        <CellSelect name="htmlType" options={HTML_TYPE_OPTIONS} value={row.htmlType} onChange={(htmlType) => onChange({ htmlType })} />
      </Table.Cell>
      <Table.Cell>
        <CellSelect name="dictType" placeholder="请选择" options={dictOptions} value={row.dictType ?? ''} onChange={(dictType) => onChange({ dictType })} />
      </Table.Cell>
    </Table.Row>
  );
}

export function ColumnInfoTable({ columns, onChange, dictOptions }: {
  columns: GenColumnRow[];
  onChange: (next: GenColumnRow[]) => void;
  dictOptions: DictTypeOption[];
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = columns.map((c) => String(c.columnId));
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const moved = arrayMove(columns, ids.indexOf(String(e.active.id)), ids.indexOf(String(e.over.id)));
    onChange(moved.map((c, i) => ({ ...c, sort: i + 1 })));
  };
  const patch = (i: number, p: Patch) => onChange(columns.map((c, j) => (j === i ? { ...c, ...p } : c)));
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="sm" data-testid="gen-columns">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <Table.Root size="sm" tableLayout="fixed" w="100%" minW="1040px" fontSize="sm" css={{ '& td, & th': { paddingInline: '6px' } }}>
          <Table.Header>
            <Table.Row bg="#f8f8f9">
              {HEAD.map(([title, w]) => (
                <Table.ColumnHeader key={title} w={w} textAlign="center" color="#515a6e" fontWeight="bold" whiteSpace="nowrap">
                  {title}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              {columns.map((c, i) => (
                <ColumnRow key={c.columnId} row={c} index={i} dictOptions={dictOptions} onChange={(p) => patch(i, p)} />
              ))}
            </SortableContext>
          </Table.Body>
        </Table.Root>
      </DndContext>
    </Box>
  );
}
