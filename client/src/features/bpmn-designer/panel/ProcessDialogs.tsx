/**
 * Process-level dialogs (workflow spec §2 "Dialogs: … signal definition, resource list editor";
 * §4 "Designer dialogs": the signal dialog closes only when its table validates, scope 全局 =
 * start / 流程实例 = end; §5: 请选择 / 请输入, 资源已存在, blank resources dropped).
 */
import { useEffect, useState } from 'react';
import { DialogShell } from './DialogShell';
import { EditableTable } from './EditableTable';
import { cleanResources, SIGNAL_SCOPES, validateResources, validateSignals, type SignalRow } from './forms/process';

export function SignalDialog({ open, value, onClose, onConfirm }: {
  open: boolean; value: SignalRow[]; onClose: () => void; onConfirm: (rows: SignalRow[]) => void;
}) {
  const [rows, setRows] = useState(value);
  const [errors, setErrors] = useState<ReturnType<typeof validateSignals>>({});
  useEffect(() => {
    if (open) {
      setRows(value);
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const confirm = () => {
    const e = validateSignals(rows);
    setErrors(e);
    if (Object.keys(e).length === 0) onConfirm(rows);
  };
  return (
    <DialogShell open={open} title="信号定义" width="800px" testId="signal-dialog" onClose={onClose} onConfirm={confirm}>
      <EditableTable<SignalRow>
        rows={rows}
        errors={errors}
        testId="signal-table"
        onChange={(r) => {
          setRows(r);
          if (Object.keys(errors).length) setErrors(validateSignals(r));
        }}
        newRow={() => ({ scope: '', id: '', name: '' })}
        columns={[
          { key: 'scope', title: '作用域', kind: 'select', options: SIGNAL_SCOPES, width: '160px' },
          { key: 'id', title: '信号 ID' },
          { key: 'name', title: '信号名称' },
        ]}
      />
    </DialogShell>
  );
}

interface ResourceRow { value: string }

export function ResourceDialog({ open, value, onClose, onConfirm }: {
  open: boolean; value: string[]; onClose: () => void; onConfirm: (list: string[]) => void;
}) {
  const [rows, setRows] = useState<ResourceRow[]>([]);
  const [errors, setErrors] = useState<Record<number, Partial<Record<'value', string>>>>({});
  const check = (r: ResourceRow[]) => Object.fromEntries(Object.entries(validateResources(r.map((x) => x.value))).map(([i, m]) => [i, { value: m }]));
  useEffect(() => {
    if (open) {
      setRows(value.map((v) => ({ value: v })));
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const confirm = () => {
    const e = check(rows);
    setErrors(e);
    if (Object.keys(e).length === 0) onConfirm(cleanResources(rows.map((r) => r.value)));
  };
  return (
    <DialogShell open={open} title="资源列表" width="600px" testId="resource-dialog" onClose={onClose} onConfirm={confirm}>
      <EditableTable<ResourceRow>
        rows={rows}
        errors={errors}
        testId="resource-table"
        onChange={(r) => {
          setRows(r);
          setErrors(check(r));
        }}
        newRow={() => ({ value: '' })}
        columns={[{ key: 'value', title: '资源', placeholder: '请输入资源名称（空行保存时忽略）' }]}
      />
    </DialogShell>
  );
}
