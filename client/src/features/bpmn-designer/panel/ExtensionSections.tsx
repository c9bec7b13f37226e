/**
 * 扩展属性/表单 and 输入输出 sections (workflow spec §3 "Flow node properties": the extension
 * vocabulary covers form fields, input and output parameters): each a compact summary and a
 * table dialog; rows without a name / id are dropped on save.
 */
import { Box, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { PanelTarget } from './usePanelTarget';
import { DialogShell, PanelButton } from './DialogShell';
import { EditableTable, type EditableColumn } from './EditableTable';
import { Row } from './fields';
import {
  FORM_FIELD_TYPES, readFormFields, readInputOutput, readProperties, writeFormFields, writeInputOutput, writeProperties,
  type FormFieldRow, type NameValue,
} from './forms/extensions';

function TableEditor<T extends object>({ label, title, summary, value, columns, newRow, onSave, testId, width = '760px' }: {
  label: string; title: string; summary: string; value: T[]; columns: EditableColumn<T>[]; newRow: () => T;
  onSave: (rows: T[]) => void; testId: string; width?: string;
}) {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<T[]>(value);
  useEffect(() => {
    if (open) setRows(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return (
    <Row label={label}>
      <Box>
        <Text fontSize="xs" color={summary ? '#606266' : 'gray.500'} mb="1" truncate title={summary} data-testid={`${testId}-summary`}>{summary || '无'}</Text>
        <PanelButton onClick={() => setOpen(true)} testId={`${testId}-edit`}>编辑</PanelButton>
      </Box>
      <DialogShell open={open} title={title} width={width} testId={`${testId}-dialog`} onClose={() => setOpen(false)} onConfirm={() => { onSave(rows); setOpen(false); }}>
        <EditableTable<T> rows={rows} columns={columns} onChange={setRows} newRow={newRow} testId={`${testId}-table`} />
      </DialogShell>
    </Row>
  );
}

const NV_COLUMNS: EditableColumn<NameValue>[] = [{ key: 'name', title: '名称', width: '40%' }, { key: 'value', title: '值' }];

/** 表单字段 (`flowable:formProperty`) and 扩展属性 (`flowable:properties`). */
export function ExtensionRows({ target, formFields }: { target: PanelTarget; formFields: boolean }) {
  const fields = readFormFields(target.bo);
  const props = readProperties(target.bo);
  return (
    <>
      {formFields && (
        <TableEditor<FormFieldRow>
          label="表单字段" title="表单字段" testId="form-fields" width="860px"
          summary={fields.map((f) => f.name || f.id).join('、')}
          value={fields}
          newRow={() => ({ id: '', name: '', type: 'string', default: '', required: false })}
          columns={[
            { key: 'id', title: '字段 ID' }, { key: 'name', title: '名称' },
            { key: 'type', title: '类型', kind: 'select', options: FORM_FIELD_TYPES, width: '130px' },
            { key: 'default', title: '默认值' }, { key: 'required', title: '必填', kind: 'check', width: '60px' },
          ]}
          onSave={(rows) => writeFormFields(target.ops, target.bo, rows)}
        />
      )}
      <TableEditor<NameValue>
        label="扩展属性" title="扩展属性" testId="ext-properties"
        summary={props.map((p) => `${p.name}=${p.value}`).join('、')}
        value={props} columns={NV_COLUMNS} newRow={() => ({ name: '', value: '' })}
        onSave={(rows) => writeProperties(target.ops, target.bo, rows)}
      />
    </>
  );
}

/** 输入参数 / 输出参数 (`flowable:inputOutput`). */
export function InputOutputRows({ target }: { target: PanelTarget }) {
  const io = readInputOutput(target.bo);
  return (
    <>
      <TableEditor<NameValue>
        label="输入参数" title="输入参数" testId="io-inputs" summary={io.inputs.map((p) => p.name).join('、')}
        value={io.inputs} columns={NV_COLUMNS} newRow={() => ({ name: '', value: '' })}
        onSave={(rows) => writeInputOutput(target.ops, target.bo, { inputs: rows, outputs: io.outputs })}
      />
      <TableEditor<NameValue>
        label="输出参数" title="输出参数" testId="io-outputs" summary={io.outputs.map((p) => p.name).join('、')}
        value={io.outputs} columns={NV_COLUMNS} newRow={() => ({ name: '', value: '' })}
        onSave={(rows) => writeInputOutput(target.ops, target.bo, { inputs: io.inputs, outputs: rows })}
      />
    </>
  );
}
