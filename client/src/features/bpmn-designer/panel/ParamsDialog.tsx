/**
 * 参数 of a listener (workflow spec §3 "Listener parameter": name, type stringValue | expression,
 * value; §5: type and name 请选择, value 请输入). Confirms only when the table validates.
 */
import { useEffect, useState } from 'react';
import { DialogShell } from './DialogShell';
import { EditableTable } from './EditableTable';
import { PARAM_TYPES, validateParams, type ListenerParam } from './forms/listeners';

export function ParamsDialog({ open, value, onClose, onConfirm }: {
  open: boolean;
  value: ListenerParam[];
  onClose: () => void;
  onConfirm: (rows: ListenerParam[]) => void;
}) {
  const [rows, setRows] = useState(value);
  const [errors, setErrors] = useState<ReturnType<typeof validateParams>>({});
  useEffect(() => {
    if (open) {
      setRows(value);
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const confirm = () => {
    const e = validateParams(rows);
    setErrors(e);
    if (Object.keys(e).length === 0) onConfirm(rows);
  };
  return (
    <DialogShell open={open} title="监听器参数" width="700px" testId="listener-params-dialog" onClose={onClose} onConfirm={confirm}>
      <EditableTable<ListenerParam>
        rows={rows}
        errors={errors}
        onChange={(r) => {
          setRows(r);
          if (Object.keys(errors).length) setErrors(validateParams(r));
        }}
        newRow={() => ({ name: '', type: '', value: '' })}
        testId="params-table"
        columns={[
          { key: 'name', title: '名称', width: '30%' },
          { key: 'type', title: '类型', kind: 'select', options: PARAM_TYPES, width: '25%' },
          { key: 'value', title: '值' },
        ]}
      />
    </DialogShell>
  );
}
