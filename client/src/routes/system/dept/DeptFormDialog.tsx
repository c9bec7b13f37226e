/**
 * 添加部门 / 修改部门 dialog (600px; RuoYi views/system/dept/index.vue): 上级部门 (hidden for a
 * root; an edit offers every dept but the node's own subtree, `listExclude`), 部门名称, 显示排序,
 * 负责人, 联系电话 (mobile pattern), 邮箱, 部门状态. 确 定 → 新增成功 / 修改成功.
 */
import { Grid } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TreeSelect } from '../../../components/tree/TreeSelect';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { pattern, DictRadio, FormInput, FormItem, required, type Rules, useForm, useFormFrom } from '../../../components/form/form-kit';
import { toTreeNodes } from '../../../components/table/tree-table-kit';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { OrderInput, numText } from '../../../components/form/OrderInput';
import { saveForm } from '../../../components/form/save-form';

/** `{}` add at the top, `{parentId}` add below a row, `{deptId}` edit. */
export interface DeptDialogState {
  deptId?: number;
  parentId?: number;
}

interface DeptForm {
  parentId?: number;
  deptName: string;
  orderNum: string;
  leader: string;
  phone: string;
  email: string;
  status: string;
}

const EMPTY: DeptForm = { deptName: '', orderNum: '', leader: '', phone: '', email: '', status: '0' };

const RULES: Rules<DeptForm> = {
  parentId: [required('上级部门不能为空')],
  deptName: [required('部门名称不能为空')],
  orderNum: [required('显示排序不能为空')],
  email: [pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, '请输入正确的邮箱地址')],
  phone: [pattern(/^1[3-9]\d{9}$/, '请输入正确的手机号码')],
};

export function DeptFormDialog({ state, onClose, onSaved }: { state: DeptDialogState; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const deptId = state.deptId;
  const isAdd = deptId === undefined;
  const dict = useDict('sys_normal_disable');
  const f = useForm<DeptForm>({ ...EMPTY, parentId: state.parentId }, RULES);
  const { form, errors, set, blur, check, reset } = f;
  const all = useQuery({ ...trpc.system.dept.list.queryOptions({}), enabled: isAdd });
  const excluded = useQuery({ ...trpc.system.dept.listExclude.queryOptions({ deptId: deptId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const dept = useQuery({ ...trpc.system.dept.get.queryOptions({ deptId: deptId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const add = useMutation(trpc.system.dept.add.mutationOptions());
  const update = useMutation(trpc.system.dept.update.mutationOptions());

  useFormFrom(isAdd ? undefined : dept.data, reset, (d) => ({
    parentId: d.parentId, deptName: d.deptName, orderNum: numText(d.orderNum), leader: d.leader ?? '', phone: d.phone ?? '', email: d.email ?? '',
    status: d.status,
  }));

  const options = useMemo(() => {
    if (isAdd) return toTreeNodes(all.data ?? [], 'deptId', 'parentId', 'deptName');
    const nodes = toTreeNodes(excluded.data ?? [], 'deptId', 'parentId', 'deptName');
    // RuoYi: with nothing left to choose, the current parent is still offered.
    const d = dept.data;
    if (nodes.length === 0 && d && d.parentId) nodes.push({ id: d.parentId, label: d.parentName ?? String(d.parentId) });
    return nodes;
  }, [isAdd, all.data, excluded.data, dept.data]);

  const submit = () => {
    if (!check()) return;
    const body = {
      parentId: form.parentId ?? 0, deptName: form.deptName, orderNum: Number(form.orderNum), leader: form.leader, phone: form.phone,
      email: form.email, status: form.status as '0' | '1',
    };
    saveForm(isAdd, add, update, body, { ...body, deptId: deptId! }, onSaved);
  };

  const text = (key: 'deptName' | 'leader' | 'phone' | 'email', placeholder: string, maxLength: number) => (
    <FormInput state={f} field={key} placeholder={placeholder} maxLength={maxLength} />
  );

  return (
    <FormDialog
      title={isAdd ? '添加部门' : '修改部门'}
      width="600px"
      testId="dept-dialog"
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending || update.isPending}
      loading={!isAdd && dept.isPending}
    >
      {(isAdd || dept.data) && form.parentId !== 0 && (
        <FormItem label="上级部门" required error={errors.parentId} plain>
          <TreeSelect
            data={options}
            value={form.parentId}
            onChange={(id) => set('parentId', id === undefined ? undefined : Number(id))}
            placeholder="选择上级部门"
            name="上级部门"
            invalid={!!errors.parentId}
          />
        </FormItem>
      )}
      <Grid templateColumns="1fr 1fr" columnGap="4">
        <FormItem label="部门名称" required error={errors.deptName}>
          {text('deptName', '请输入部门名称', 30)}
        </FormItem>
        <FormItem label="显示排序" required error={errors.orderNum}>
          <OrderInput name="orderNum" label="显示排序" value={form.orderNum} onChange={(v) => set('orderNum', v)} onBlur={() => blur('orderNum')} />
        </FormItem>
        <FormItem label="负责人" error={errors.leader}>
          {text('leader', '请输入负责人', 20)}
        </FormItem>
        <FormItem label="联系电话" error={errors.phone}>
          {text('phone', '请输入联系电话', 11)}
        </FormItem>
        <FormItem label="邮箱" error={errors.email}>
          {text('email', '请输入邮箱', 50)}
        </FormItem>
        <FormItem label="部门状态" plain>
          <DictRadio options={dict.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
        </FormItem>
      </Grid>
    </FormDialog>
  );
}
