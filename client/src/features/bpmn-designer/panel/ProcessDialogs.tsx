/**
 * Process-level dialogs (workflow spec §2 "Dialogs: … signal definition, resource list editor";
 * §4 "Designer dialogs": the signal dialog closes only when its table validates, scope 全局 =
 * start / 流程实例 = end; §5: 请选择 / 请输入, 资源已存在, blank resources dropped).
 */
import { useEffect, useState } from 'react';
import { DialogShell } from './DialogShell';
import { EditableTable, type EditableColumn } from './EditableTable';
import { cleanResources, SIGNAL_SCOPES, validateResources, validateSignals, type SignalRow } from './forms/process';

type RowErrors<R> = Record<number, Partial<Record<keyof R, string>>>;

/** What the table dialogs' callers pass: open state, the current rows and the two callbacks. */
export interface RowsDialogProps<R> {
  open: boolean;
  value: R[];
  onClose: () => void;
  onConfirm: (rows: R[]) => void;
}

/** A DialogShell around an EditableTable: rows reset to `value` on open; 确 定 confirms only when `validate` finds nothing. */
export function TableDialog<R extends object>({ open, value, initialRows = value, title, width, testId, tableTestId, columns, newRow, validate, liveCheck = false, onClose, onConfirm }: RowsDialogProps<R> & {
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
}) {
  const [rows, setRows] = useState(initialRows);
  const [errors, setErrors] = useState<RowErrors<R>>({});
  useEffect(() => {
    if (open) {
      setRows(value);
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const confirm = () => {
    const e = validate(rows);
    setErrors(e);
    if (Object.keys(e).length === 0) onConfirm(rows);
  };
  return (
    <DialogShell open={open} title={title} width={width} testId={testId} onClose={onClose} onConfirm={confirm}>
      <EditableTable<R>
        rows={rows}
        errors={errors}
        testId={tableTestId}
        onChange={(r) => {
          setRows(r);
          if (liveCheck || Object.keys(errors).length) setErrors(validate(r));
        }}
        newRow={newRow}
        columns={columns}
      />
    </DialogShell>
  );
}

/** 信号定义 dialog: scope, id and name rows. */
export function SignalDialog(props: RowsDialogProps<SignalRow>) {
  return (
    <TableDialog<SignalRow>
      {...props}
      title="信号定义" width="800px" testId="signal-dialog" tableTestId="signal-table"
      validate={validateSignals}
      newRow={() => ({ scope: '', id: '', name: '' })}
      columns={[
        { key: 'scope', title: '作用域', kind: 'select', options: SIGNAL_SCOPES, width: '160px' },
        { key: 'id', title: '信号 ID' },
        { key: 'name', title: '信号名称' },
      ]}
    />
  );
}

interface ResourceRow { value: string }

const checkResources = (r: ResourceRow[]): RowErrors<ResourceRow> =>
  Object.fromEntries(Object.entries(validateResources(r.map((x) => x.value))).map(([i, m]) => [i, { value: m }]));

/** 资源列表 dialog: one resource name a row; blank rows dropped on 确 定. */
export function ResourceDialog({ open, value, onClose, onConfirm }: RowsDialogProps<string>) {
  return (
    <TableDialog<ResourceRow>
      open={open}
      value={value.map((v) => ({ value: v }))}
      initialRows={[]}
      title="资源列表" width="600px" testId="resource-dialog" tableTestId="resource-table"
      validate={checkResources}
      liveCheck
      onClose={onClose}
      onConfirm={(rows) => onConfirm(cleanResources(rows.map((r) => r.value)))}
      newRow={() => ({ value: '' })}
      columns={[{ key: 'value', title: '资源', placeholder: '请输入资源名称（空行保存时忽略）' }]}
    />
  );
}
