/**
 * 执行监听器 / 任务监听器 dialog (workflow spec §2 "Workflow task-listener editor": a table of
 * listeners with event, type and value, a 内置监听器 button (ListenerPickerDialog, 900 px) and a
 * params dialog; §4 "Designer dialogs": closes only when the table validates; §5 messages).
 */
import { Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ListenerPickerDialog } from '../../../components/flowable-library/ListenerPickerDialog';
import { DialogShell } from './DialogShell';
import { EditableTable } from './EditableTable';
import { ParamsDialog } from './ParamsDialog';
import {
  addLibraryRows, EXECUTION_EVENTS, LISTENER_TYPES, TASK_EVENTS, validateListeners, type ListenerKind, type ListenerRow,
} from './forms/listeners';

export function ListenerDialog({ open, kind, value, events, onClose, onConfirm }: {
  open: boolean;
  kind: ListenerKind;
  value: ListenerRow[];
  /** Event options (defaults by kind; a sequence flow offers only take). */
  events?: { value: string; label: string }[];
  onClose: () => void;
  onConfirm: (rows: ListenerRow[]) => void;
}) {
  const [rows, setRows] = useState(value);
  const [errors, setErrors] = useState<ReturnType<typeof validateListeners>>({});
  const [paramsOf, setParamsOf] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    if (open) {
      setRows(value);
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const change = (r: ListenerRow[]) => {
    setRows(r);
    if (Object.keys(errors).length) setErrors(validateListeners(r));
  };
  const confirm = () => {
    const e = validateListeners(rows);
    setErrors(e);
    if (Object.keys(e).length === 0) onConfirm(rows);
  };
  const title = kind === 'task' ? '任务监听器' : '执行监听器';
  return (
    <>
      <DialogShell
        open={open}
        title={title}
        width="900px"
        testId={`${kind}-listener-dialog`}
        onClose={onClose}
        onConfirm={confirm}
        extraFooter={
          <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setPicking(true)} data-testid="builtin-listeners">
            内置监听器
          </Button>
        }
      >
        <EditableTable<ListenerRow>
          rows={rows}
          errors={errors}
          onChange={change}
          newRow={() => ({ event: '', type: '', value: '', params: [] })}
          testId="listener-table"
          columns={[
            { key: 'event', title: '事件', kind: 'select', options: events ?? (kind === 'task' ? TASK_EVENTS : EXECUTION_EVENTS), width: '150px' },
            { key: 'type', title: '类型', kind: 'select', options: LISTENER_TYPES, width: '150px' },
            { key: 'value', title: 'java 类名 / 表达式', placeholder: '请输入' },
          ]}
          rowActions={(row, i) => (
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setParamsOf(i)} data-testid="listener-params">
              参数{row.params.length ? `(${row.params.length})` : ''}
            </Button>
          )}
        />
      </DialogShell>
      <ParamsDialog
        open={paramsOf !== null}
        value={paramsOf !== null ? rows[paramsOf]?.params ?? [] : []}
        onClose={() => setParamsOf(null)}
        onConfirm={(params) => {
          change(rows.map((r, i) => (i === paramsOf ? { ...r, params } : r)));
          setParamsOf(null);
        }}
      />
      <ListenerPickerDialog
        open={picking}
        type={kind === 'task' ? '1' : '2'}
        onClose={() => setPicking(false)}
        onSelect={(picked) => change(addLibraryRows(rows, picked))}
      />
    </>
  );
}
