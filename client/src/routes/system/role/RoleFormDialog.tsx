/**
 * 添加角色 / 修改角色 dialog (500px, RuoYi views/system/role/index.vue): 角色名称, 权限字符,
 * 角色顺序, 状态, 菜单权限 (tree with 展开/折叠, 全选/全不选, 父子联动), 备注. The tree shows exactly the
 * menus the role holds (the server's checked + half-checked keys; in 父子联动 mode a menu held while
 * some menu below it is not shows half-checked) and the held keys are submitted, so 确定 without a
 * change changes nothing (issue 38 §8; reference §2 check-strictly).
 */
import { Box, Input, NumberInput, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { Tree } from '../../../components/tree/Tree';
import { loadCheckedKeys, type TreeKey, type TreeNode } from '../../../components/tree/tree-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictRadio, FormInput, FormItem, required, type Rules, useForm } from '../../../components/form/form-kit';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { saveForm } from '../../../components/form/save-form';

interface RoleForm {
  roleName: string;
  roleKey: string;
  roleSort: string;
  status: string;
  remark: string;
  /** RuoYi's flag: true = 父子联动 (the tree is not check-strictly). */
  menuCheckStrictly: boolean;
}

const EMPTY: RoleForm = { roleName: '', roleKey: '', roleSort: '0', status: '0', remark: '', menuCheckStrictly: true };
const RULES: Rules<RoleForm> = {
  roleName: [required('角色名称不能为空')],
  roleKey: [required('权限字符不能为空')],
  roleSort: [required('角色顺序不能为空')],
};
const KEY_TIP = "控制器中定义的权限字符，如：@PreAuthorize(`@ss.hasRole('admin')`)";

export function RoleFormDialog({ roleId, onClose, onSaved }: { roleId?: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const isAdd = roleId === undefined;
  const dict = useDict('sys_normal_disable');
  const f = useForm<RoleForm>(EMPTY, RULES);
  const { form, errors, set, blur, check, reset } = f;
  const [checked, setChecked] = useState<TreeKey[]>([]);
  // The menus the role holds as loaded: an uncheck below them never drops them.
  const [stored, setStored] = useState<TreeKey[]>([]);
  const menuTree = useQuery({ ...trpc.system.menu.treeselect.queryOptions({}), enabled: isAdd });
  const roleMenus = useQuery({ ...trpc.system.menu.roleMenuTreeselect.queryOptions({ roleId: roleId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const role = useQuery({ ...trpc.system.role.get.queryOptions({ roleId: roleId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const add = useMutation(trpc.system.role.add.mutationOptions());
  const update = useMutation(trpc.system.role.update.mutationOptions());
  const menus = ((isAdd ? menuTree.data : roleMenus.data?.menus) ?? []) as TreeNode[];

  useLayoutEffect(() => {
    const r = role.data;
    if (isAdd || !r || !roleMenus.data) return;
    const linked = r.menuCheckStrictly !== false;
    reset({
      roleName: r.roleName, roleKey: r.roleKey, roleSort: String(r.roleSort), status: r.status, remark: r.remark ?? '', menuCheckStrictly: linked,
    });
    const held = loadCheckedKeys(roleMenus.data.menus as TreeNode[], roleMenus.data);
    setChecked(held);
    setStored(held);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAdd, role.data, roleMenus.data]);

  const submit = () => {
    if (!check()) return;
    const body = {
      roleName: form.roleName, roleKey: form.roleKey, roleSort: Number(form.roleSort), status: form.status as '0' | '1', remark: form.remark,
      menuCheckStrictly: form.menuCheckStrictly, menuIds: checked.map(Number),
    };
    saveForm(isAdd, add, update, body, { ...body, roleId: roleId! }, onSaved);
  };

  return (
    <FormDialog title={isAdd ? '添加角色' : '修改角色'} width="500px" testId="role-dialog" onClose={onClose} onSubmit={submit} pending={add.isPending || update.isPending}
      loading={!isAdd && (role.isPending || roleMenus.isPending)}>
      <FormItem label="角色名称" required error={errors.roleName}>
        <FormInput state={f} field="roleName" placeholder="请输入角色名称" />
      </FormItem>
      <FormItem label="权限字符" required error={errors.roleKey}>
        <FormInput state={f} field="roleKey" placeholder="请输入权限字符" title={KEY_TIP} />
      </FormItem>
      <FormItem label="角色顺序" required error={errors.roleSort}>
        <NumberInput.Root
          size="sm"
          min={0}
          value={form.roleSort}
          onValueChange={(d) => set('roleSort', d.value)}
          onBlur={() => blur('roleSort')}
          w="160px"
        >
          <NumberInput.Control />
          <NumberInput.Input name="roleSort" aria-label="角色顺序" />
        </NumberInput.Root>
      </FormItem>
      <FormItem label="状态" plain>
        <DictRadio options={dict.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
      </FormItem>
      <FormItem label="菜单权限" plain>
        <Box pt="1.5">
          <Tree
            data={menus}
            checkable
            toolbar
            checkedKeys={checked}
            onCheck={(keys) => setChecked(keys)}
            checkStrictly={!form.menuCheckStrictly}
            keepKeys={stored}
            onCheckStrictlyChange={(strict) => set('menuCheckStrictly', !strict)}
            emptyText="加载中，请稍候"
            maxH="320px"
            testId="menu-tree"
          />
        </Box>
      </FormItem>
      <FormItem label="备注">
        <Textarea size="sm" name="remark" placeholder="请输入内容" value={form.remark} onChange={(e) => set('remark', e.target.value)} />
      </FormItem>
    </FormDialog>
  );
}
