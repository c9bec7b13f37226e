/**
 * 添加园区 / 修改园区 dialog (600px, the dept dialog's layout; issue 3 "Parks"): 上级园区 (empty =
 * a top-level park; an edit offers every park but the node's own subtree), 园区名称, 显示排序,
 * 园区状态. 确 定 → 新增成功 / 修改成功.
 */
import { Grid } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TreeSelect } from '../../../components/tree/TreeSelect';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictRadio, FormInput, FormItem, required, type Rules, useForm, useFormFrom } from '../../../components/form/form-kit';
import { toTreeNodes, withoutSubtree } from '../../../components/table/tree-table-kit';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { OrderInput, numText } from '../../../components/form/OrderInput';
import { saveForm } from '../../../components/form/save-form';

/** `{}` add at the top, `{parentId}` add below a row, `{parkId}` edit. */
export interface ParkDialogState {
  parkId?: number;
  parentId?: number;
}

interface ParkForm {
  parentId?: number;
  parkName: string;
  orderNum: string;
  status: string;
}

const EMPTY: ParkForm = { parkName: '', orderNum: '', status: '0' };

const RULES: Rules<ParkForm> = {
  parkName: [required('园区名称不能为空')],
  orderNum: [required('显示排序不能为空')],
};

export function ParkFormDialog({ state, onClose, onSaved }: { state: ParkDialogState; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const parkId = state.parkId;
  const isAdd = parkId === undefined;
  const dict = useDict('sys_normal_disable');
  const f = useForm<ParkForm>({ ...EMPTY, parentId: state.parentId }, RULES);
  const { form, errors, set, blur, check, reset } = f;
  const all = useQuery({ ...trpc.system.park.list.queryOptions({}), gcTime: 0 });
  const park = useQuery({ ...trpc.system.park.get.queryOptions({ parkId: parkId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const add = useMutation(trpc.system.park.add.mutationOptions());
  const update = useMutation(trpc.system.park.update.mutationOptions());

  useFormFrom(isAdd ? undefined : park.data, reset, (p) => ({ parentId: p.parentId || undefined, parkName: p.parkName, orderNum: numText(p.orderNum), status: p.status }));

  const options = useMemo(() => {
    const nodes = toTreeNodes(all.data ?? [], 'parkId', 'parentId', 'parkName');
    return isAdd ? nodes : withoutSubtree(nodes, parkId!);
  }, [isAdd, all.data, parkId]);

  const submit = () => {
    if (!check()) return;
    const body = { parentId: form.parentId ?? 0, parkName: form.parkName, orderNum: Number(form.orderNum), status: form.status as '0' | '1' };
    saveForm(isAdd, add, update, body, { ...body, parkId: parkId! }, onSaved);
  };

  return (
    <FormDialog
      title={isAdd ? '添加园区' : '修改园区'}
      width="600px"
      testId="park-dialog"
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending || update.isPending}
      loading={!isAdd && park.isPending}
    >
      <FormItem label="上级园区" plain>
        <TreeSelect
          data={options}
          value={form.parentId}
          onChange={(id) => set('parentId', id === undefined ? undefined : Number(id))}
          placeholder="选择上级园区（不选为顶级园区）"
          name="上级园区"
        />
      </FormItem>
      <Grid templateColumns="1fr 1fr" columnGap="4">
        <FormItem label="园区名称" required error={errors.parkName}>
          <FormInput state={f} field="parkName" placeholder="请输入园区名称" maxLength={50} />
        </FormItem>
        <FormItem label="显示排序" required error={errors.orderNum}>
          <OrderInput name="orderNum" label="显示排序" value={form.orderNum} onChange={(v) => set('orderNum', v)} onBlur={() => blur('orderNum')} />
        </FormItem>
        <FormItem label="园区状态" plain>
          <DictRadio options={dict.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
        </FormItem>
      </Grid>
    </FormDialog>
  );
}
