/**
 * 参数 of a listener (workflow spec §3 "Listener parameter": name, type stringValue | expression,
 * value; §5: type and name 请选择, value 请输入). Confirms only when the table validates.
 */
import { TableDialog, type RowsDialogProps } from './ProcessDialogs';
import { PARAM_TYPES, validateParams, type ListenerParam } from './forms/listeners';

/** 监听器参数 dialog: name, type and value rows. */
export function ParamsDialog(props: RowsDialogProps<ListenerParam>) {
  return (
    <TableDialog<ListenerParam>
      {...props}
      title="监听器参数" width="700px" testId="listener-params-dialog" tableTestId="params-table"
      validate={validateParams}
      newRow={() => ({ name: '', type: '', value: '' })}
      columns={[
        { key: 'name', title: '名称', width: '30%' },
        { key: 'type', title: '类型', kind: 'select', options: PARAM_TYPES, width: '25%' },
        { key: 'value', title: '值' },
      ]}
    />
  );
}
