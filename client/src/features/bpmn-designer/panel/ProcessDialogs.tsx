/**
 * The panel's table dialogs (workflow spec §2 "Dialogs: … signal definition"; §4 "Designer
 * dialogs": a table dialog closes only when its rows validate; §5: 请输入). `TableDialog` also
 * serves the 消息 / 信号 / 错误 definitions of the 事件定义 section (EventSection.tsx).
 */
import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { DialogShell } from './DialogShell';
import { EditableTable, type EditableColumn } from './EditableTable';
import { globalsInUse, SIGNAL_SCOPES } from './forms/events';
import { validateSignals, type SignalRow } from './forms/process';
import type { ModdleEl } from './ops';

type RowErrors<R> = Record<number, Partial<Record<keyof R, string>>>;

/** What the table dialogs' callers pass: open state, the current rows and the two callbacks. */
export interface RowsDialogProps<R> {
  open: boolean;
  value: R[];
  onClose: () => void;
  onConfirm: (rows: R[]) => void;
}

/** A DialogShell around an EditableTable: rows reset to `value` on open; 确 定 confirms only when `validate` finds nothing. */
export function TableDialog<R extends object>({ open, value, initialRows = value, title, width, testId, tableTestId, columns, newRow, validate, liveCheck = false, confirmError, onClose, onConfirm }: RowsDialogProps<R> & {
  /** The rows before the first open (default `value`). */
  initialRows?: R[];
  title: string;
  width: string;
  testId: string;
  tableTestId: string;
  columns: EditableColumn<R>[];
  newRow: () => R;
  validate: (rows: R[]) => RowErrors<R>;
  /** Re-validate on every edit (default: only once errors are shown). */
  liveCheck?: boolean;
  /** A refusal of the whole table (e.g. a deleted row still referenced), shown above it; undefined = fine. */
  confirmError?: (rows: R[]) => string | undefined;
}) {
  const [rows, setRows] = useState(initialRows);
  const [errors, setErrors] = useState<RowErrors<R>>({});
  const [refusal, setRefusal] = useState<string>();
  useEffect(() => {
    if (open) {
      setRows(value);
      setErrors({});
      setRefusal(undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const confirm = () => {
    const e = validate(rows);
    const whole = confirmError?.(rows);
    setErrors(e);
    setRefusal(whole);
    if (Object.keys(e).length === 0 && !whole) onConfirm(rows);
  };
  return (
    <DialogShell open={open} title={title} width={width} testId={testId} onClose={onClose} onConfirm={confirm}>
      {refusal && <Text fontSize="sm" color="fg.error" mb="2" data-testid="table-refusal">{refusal}</Text>}
      <EditableTable<R>
        rows={rows}
        errors={errors}
        testId={tableTestId}
        onChange={(r) => {
          setRows(r);
          if (liveCheck || Object.keys(errors).length) setErrors(validate(r));
          if (refusal) setRefusal(confirmError?.(r));
        }}
        newRow={newRow}
        columns={columns}
      />
    </DialogShell>
  );
}

/**
 * 信号定义 dialog: 信号范围 (全局 / 流程实例), id and name rows, edited in place (a signal event keeps its reference); deleting
 * a signal still referenced by an event is refused with the events named.
 */
export function SignalDialog({ definitions, idTaken, ...props }: RowsDialogProps<SignalRow> & { definitions: ModdleEl | undefined; idTaken: (id: string) => boolean }) {
  return (
    <TableDialog<SignalRow>
      {...props}
      title="信号定义" width="700px" testId="signal-dialog" tableTestId="signal-table"
      validate={(rows) => validateSignals(rows, idTaken)}
      confirmError={(rows) => globalsInUse(definitions, 'bpmn:Signal', props.value, rows)}
      newRow={() => ({ id: '', name: '', errorCode: '', scope: 'global' })}
      columns={[
        { key: 'scope', title: '信号范围', kind: 'select', width: '130px', options: SIGNAL_SCOPES },
        { key: 'id', title: '信号 ID' },
        { key: 'name', title: '信号名称' },
      ]}
    />
  );
}
