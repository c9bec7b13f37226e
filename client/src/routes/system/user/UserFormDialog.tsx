/**
 * 添加用户 / 修改用户 dialog (600px, RuoYi user/index.vue): 用户昵称, 归属部门, 手机号码, 邮箱,
 * 用户名称 and 用户密码 (add only; the password defaults to sys.user.initPassword), 用户性别,
 * 状态, 岗位, 角色, 备注, with RuoYi's rule messages. 确 定 → 新增成功 / 修改成功.
 */
import { Grid, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo } from 'react';
import { TreeSelect } from '../../../components/tree/TreeSelect';
import type { TreeNode } from '../../../components/tree/tree-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { pattern, DictRadio, FormInput, FormItem, lengthBetween, MultiSelect, required, type Rules, useForm } from '../../../components/form/form-kit';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { saveForm } from '../../../components/form/save-form';

interface UserForm {
  userId?: number;
  deptId?: number;
  userName: string;
  nickName: string;
  password: string;
  phonenumber: string;
  email: string;
  sex: string;
  status: string;
  remark: string;
  postIds: string[];
  roleIds: string[];
}

const EMPTY: UserForm = {
  userName: '', nickName: '', password: '', phonenumber: '', email: '', sex: '', status: '0', remark: '', postIds: [], roleIds: [],
};

const ADD_RULES: Rules<UserForm> = {
  userName: [required('用户名称不能为空'), lengthBetween(2, 20, '用户名称长度必须介于 2 和 20 之间')],
  nickName: [required('用户昵称不能为空')],
  password: [
    required('用户密码不能为空'),
    lengthBetween(5, 20, '用户密码长度必须介于 5 和 20 之间'),
    pattern(/^[^<>"'|\\]+$/, '不能包含非法字符：< > " \' \\ |'),
  ],
  email: [pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, '请输入正确的邮箱地址')],
  phonenumber: [pattern(/^1[3-9]\d{9}$/, '请输入正确的手机号码')],
};
const EDIT_RULES: Rules<UserForm> = { nickName: ADD_RULES.nickName, email: ADD_RULES.email, phonenumber: ADD_RULES.phonenumber };

export interface UserFormDialogProps {
  open: boolean;
  /** undefined = add. */
  userId?: number;
  depts: TreeNode[];
  onClose: () => void;
  onSaved: () => void;
}

export function UserFormDialog({ open, userId, depts, onClose, onSaved }: UserFormDialogProps) {
  const trpc = useTRPC();
  const isAdd = userId === undefined;
  const dict = useDict('sys_user_sex', 'sys_normal_disable');
  const f = useForm<UserForm>(EMPTY, isAdd ? ADD_RULES : EDIT_RULES);
  const { form, errors, set, check, reset } = f;
  const detail = useQuery({ ...trpc.system.user.get.queryOptions({ userId }), enabled: open, staleTime: 0, gcTime: 0 });
  const initPwd = useQuery({
    ...trpc.system.config.configKey.queryOptions({ configKey: 'sys.user.initPassword' }),
    enabled: open && isAdd,
    meta: { silent: true },
  });
  const add = useMutation(trpc.system.user.add.mutationOptions());
  const update = useMutation(trpc.system.user.update.mutationOptions());

  useLayoutEffect(() => {
    if (!open || !detail.data) return;
    const d = detail.data.data;
    reset(
      d
        ? {
            userId: d.userId, deptId: d.deptId ?? undefined, userName: d.userName, nickName: d.nickName, password: '',
            phonenumber: d.phonenumber ?? '', email: d.email ?? '', sex: d.sex ?? '', status: d.status ?? '0', remark: d.remark ?? '',
            postIds: (detail.data.postIds ?? []).map(String), roleIds: (detail.data.roleIds ?? []).map(String),
          }
        : { ...EMPTY, password: typeof initPwd.data === 'string' ? initPwd.data : '' },
    );
    // reset is stable enough: it only sets state; re-run when the loaded data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, detail.data, initPwd.data]);

  const posts = useMemo(
    () => (detail.data?.posts ?? []).map((p) => ({ value: String(p.postId), label: p.postName, disabled: p.status === '1' })),
    [detail.data],
  );
  const roles = useMemo(
    () => (detail.data?.roles ?? []).map((r) => ({ value: String(r.roleId), label: r.roleName, disabled: r.status === '1' })),
    [detail.data],
  );

  const submit = () => {
    if (!check()) return;
    const common = {
      deptId: form.deptId ?? null, nickName: form.nickName, phonenumber: form.phonenumber, email: form.email,
      sex: (form.sex || null) as '0' | '1' | '2' | null, status: form.status as '0' | '1', remark: form.remark, postIds: form.postIds.map(Number), roleIds: form.roleIds.map(Number),
    };
    saveForm(isAdd, add, update, { ...common, userName: form.userName, password: form.password }, { ...common, userId: userId! }, onSaved);
  };

  const text = (key: 'nickName' | 'phonenumber' | 'email' | 'userName', placeholder: string, maxLength: number) => (
    <FormInput state={f} field={key} placeholder={placeholder} maxLength={maxLength} />
  );

  return (
    <FormDialog open={open} title={isAdd ? '添加用户' : '修改用户'} width="600px" testId="user-dialog" onClose={onClose} onSubmit={submit} pending={add.isPending || update.isPending}
      loading={detail.isPending || (isAdd && initPwd.isPending)}>
      <Grid templateColumns="1fr 1fr" columnGap="4">
        <FormItem label="用户昵称" required error={errors.nickName}>
          {text('nickName', '请输入用户昵称', 30)}
        </FormItem>
        <FormItem label="归属部门" plain>
          <TreeSelect data={depts} value={form.deptId} onChange={(id) => set('deptId', id === undefined ? undefined : Number(id))} placeholder="请选择归属部门" name="归属部门" />
        </FormItem>
        <FormItem label="手机号码" error={errors.phonenumber}>
          {text('phonenumber', '请输入手机号码', 11)}
        </FormItem>
        <FormItem label="邮箱" error={errors.email}>
          {text('email', '请输入邮箱', 50)}
        </FormItem>
        {isAdd && (
          <FormItem label="用户名称" required error={errors.userName}>
            {text('userName', '请输入用户名称', 30)}
          </FormItem>
        )}
        {isAdd && (
          <FormItem label="用户密码" required error={errors.password}>
            <FormInput state={f} field="password" placeholder="请输入用户密码" maxLength={20} type="password" />
          </FormItem>
        )}
        <FormItem label="用户性别">
          <OptionSelect name="sex" placeholder="请选择性别" options={dict.sys_user_sex} value={form.sex} onChange={(v) => set('sex', v)} w="100%" />
        </FormItem>
        <FormItem label="状态" plain>
          <DictRadio options={dict.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
        </FormItem>
        <FormItem label="岗位" plain>
          <MultiSelect options={posts} value={form.postIds} onChange={(v) => set('postIds', v)} name="岗位" />
        </FormItem>
        <FormItem label="角色" plain>
          <MultiSelect options={roles} value={form.roleIds} onChange={(v) => set('roleIds', v)} name="角色" />
        </FormItem>
      </Grid>
      <FormItem label="备注">
        <Textarea size="sm" name="remark" placeholder="请输入内容" value={form.remark} onChange={(e) => set('remark', e.target.value)} />
      </FormItem>
    </FormDialog>
  );
}
