/**
 * 添加菜单 / 修改菜单 dialog (680px; RuoYi views/system/menu/index.vue, reference §2 Menus):
 * 上级菜单 (tree under 主类目), 菜单类型 (目录 M / 菜单 C / 按钮 F), then per type as RuoYi shows them:
 * 菜单图标 (M, C; IconSelect dialog), 显示排序, 菜单名称, 路由名称 (C), 是否外链 (M, C), 路由地址
 * (M, C; required), 组件路径 (C), 权限字符 (C, F), 路由参数 (C), 是否缓存 (C), 显示状态 (M, C),
 * 菜单状态. RuoYi's hints are the fields' titles. 确 定 → 新增成功 / 修改成功.
 */
import { Flex, Grid, RadioGroup } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { IconSelect } from '../../../components/pickers/IconSelect';
import { TreeSelect } from '../../../components/tree/TreeSelect';
import type { TreeNode } from '../../../components/tree/tree-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictRadio, FormInput, FormItem, required, type Rules, useForm, useFormFrom } from '../../../components/form/form-kit';
import { toTreeNodes } from '../../../components/table/tree-table-kit';
import { FormDialog } from '../../../components/feedback/AppDialog';
import { OrderInput, numText } from '../../../components/form/OrderInput';
import { saveForm } from '../../../components/form/save-form';

/** `{}` add under 主类目, `{parentId}` add below a row, `{menuId}` edit. */
export interface MenuDialogState {
  menuId?: number;
  parentId?: number;
}

type MenuType = 'M' | 'C' | 'F';

interface MenuForm {
  parentId?: number;
  menuType: MenuType;
  icon: string;
  menuName: string;
  orderNum: string;
  routeName: string;
  isFrame: string;
  path: string;
  component: string;
  perms: string;
  query: string;
  isCache: string;
  visible: string;
  status: string;
}

const EMPTY: MenuForm = {
  parentId: 0, menuType: 'M', icon: '', menuName: '', orderNum: '', routeName: '', isFrame: '1', path: '', component: '', perms: '', query: '',
  isCache: '0', visible: '0', status: '0',
};

const RULES: Rules<MenuForm> = {
  menuName: [required('菜单名称不能为空')],
  orderNum: [required('菜单顺序不能为空')],
  path: [(v, f) => (f.menuType !== 'F' && String(v ?? '').trim() === '' ? '路由地址不能为空' : null)],
};

const TIPS = {
  routeName: '默认不填则和路由地址相同：如地址为：`user`，则名称为`User`（注意：为避免名字的冲突，特殊情况下请自定义，保证唯一性）',
  isFrame: '选择是外链则路由地址需要以`http(s)://`开头',
  path: '访问的路由地址，如：`user`，如外网地址需内链访问则以`http(s)://`开头',
  component: '访问的组件路径，如：`system/user/index`，默认在`views`目录下',
  perms: "控制器中定义的权限字符，如：@PreAuthorize(`@ss.hasPermi('system:user:list')`)",
  query: '访问路由的默认传递参数，如：`{"id": 1, "name": "ry"}`',
  isCache: '选择是则会被`keep-alive`缓存，需要匹配组件的`name`和地址保持一致',
  visible: '选择隐藏则路由将不会出现在侧边栏，但仍然可以访问',
  status: '选择停用则路由将不会出现在侧边栏，也不能被访问',
};

/** A fixed radio group (菜单类型, 是否外链, 是否缓存). */
function Radios({ name, value, options, onChange, title }: {
  name: string;
  value: string;
  options: [string, string][];
  onChange: (v: string) => void;
  title?: string;
}) {
  return (
    <RadioGroup.Root size="sm" name={name} value={value} onValueChange={(d) => d.value !== null && onChange(d.value)} pt="2" title={title}>
      <Flex gap="4" wrap="wrap">
        {options.map(([v, label]) => (
          <RadioGroup.Item key={v} value={v}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Flex>
    </RadioGroup.Root>
  );
}

export function MenuFormDialog({ state, onClose, onSaved }: { state: MenuDialogState; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const menuId = state.menuId;
  const isAdd = menuId === undefined;
  const dict = useDict('sys_show_hide', 'sys_normal_disable');
  const f = useForm<MenuForm>({ ...EMPTY, parentId: state.parentId ?? 0 }, RULES);
  const { form, errors, set, blur, check, reset } = f;
  const all = useQuery({ ...trpc.system.menu.list.queryOptions({}), gcTime: 0 });
  const menu = useQuery({ ...trpc.system.menu.get.queryOptions({ menuId: menuId ?? 0 }), enabled: !isAdd, gcTime: 0 });
  const add = useMutation(trpc.system.menu.add.mutationOptions());
  const update = useMutation(trpc.system.menu.update.mutationOptions());

  useFormFrom(isAdd ? undefined : menu.data, reset, (m) => ({
    parentId: m.parentId, menuType: m.menuType as MenuType, icon: m.icon && m.icon !== '#' ? m.icon : '', menuName: m.menuName,
    orderNum: numText(m.orderNum), routeName: m.routeName ?? '', isFrame: numText(m.isFrame) || '1', path: m.path ?? '',
    component: m.component ?? '', perms: m.perms ?? '', query: m.query ?? '', isCache: numText(m.isCache) || '0', visible: m.visible,
    status: m.status,
  }));

  const options = useMemo<TreeNode[]>(
    () => [{ id: 0, label: '主类目', children: toTreeNodes(all.data ?? [], 'menuId', 'parentId', 'menuName') }],
    [all.data],
  );

  const submit = () => {
    if (!check()) return;
    const body = {
      parentId: form.parentId ?? 0, menuType: form.menuType, icon: form.icon || '#', menuName: form.menuName, orderNum: Number(form.orderNum),
      routeName: form.routeName, isFrame: form.isFrame as '0' | '1', path: form.path, component: form.component, perms: form.perms, query: form.query,
      isCache: form.isCache as '0' | '1', visible: form.visible as '0' | '1', status: form.status as '0' | '1',
    };
    saveForm(isAdd, add, update, body, { ...body, menuId: menuId! }, onSaved);
  };

  const text = (key: 'menuName' | 'routeName' | 'path' | 'component' | 'perms' | 'query', placeholder: string, maxLength: number) => (
    <FormInput state={f} field={key} placeholder={placeholder} maxLength={maxLength} title={key in TIPS ? TIPS[key as keyof typeof TIPS] : undefined} />
  );
  const t = form.menuType;
  const L = '100px';

  return (
    <FormDialog
      title={isAdd ? '添加菜单' : '修改菜单'}
      width="680px"
      testId="menu-dialog"
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending || update.isPending}
      loading={!isAdd && menu.isPending}
    >
      <FormItem label="上级菜单" labelWidth={L} plain>
        <TreeSelect
          data={options}
          value={form.parentId}
          onChange={(id) => set('parentId', id === undefined ? undefined : Number(id))}
          placeholder="选择上级菜单"
          name="上级菜单"
        />
      </FormItem>
      <FormItem label="菜单类型" labelWidth={L} plain>
        <Radios name="menuType" value={t} options={[['M', '目录'], ['C', '菜单'], ['F', '按钮']]} onChange={(v) => set('menuType', v as MenuType)} />
      </FormItem>
      <Grid templateColumns="1fr 1fr" columnGap="4">
        {t !== 'F' && (
          <FormItem label="菜单图标" labelWidth={L} plain>
            <IconSelect value={form.icon} onChange={(v) => set('icon', v)} />
          </FormItem>
        )}
        <FormItem label="显示排序" labelWidth={L} required error={errors.orderNum}>
          <OrderInput name="orderNum" label="显示排序" value={form.orderNum} onChange={(v) => set('orderNum', v)} onBlur={() => blur('orderNum')} />
        </FormItem>
        <FormItem label="菜单名称" labelWidth={L} required error={errors.menuName}>
          {text('menuName', '请输入菜单名称', 50)}
        </FormItem>
        {t === 'C' && (
          <FormItem label="路由名称" labelWidth={L}>
            {text('routeName', '请输入路由名称', 50)}
          </FormItem>
        )}
        {t !== 'F' && (
          <FormItem label="是否外链" labelWidth={L} plain>
            <Radios name="isFrame" value={form.isFrame} options={[['0', '是'], ['1', '否']]} onChange={(v) => set('isFrame', v)} title={TIPS.isFrame} />
          </FormItem>
        )}
        {t !== 'F' && (
          <FormItem label="路由地址" labelWidth={L} required error={errors.path}>
            {text('path', '请输入路由地址', 200)}
          </FormItem>
        )}
        {t === 'C' && (
          <FormItem label="组件路径" labelWidth={L}>
            {text('component', '请输入组件路径', 255)}
          </FormItem>
        )}
        {t !== 'M' && (
          <FormItem label="权限字符" labelWidth={L}>
            {text('perms', '请输入权限标识', 100)}
          </FormItem>
        )}
        {t === 'C' && (
          <FormItem label="路由参数" labelWidth={L}>
            {text('query', '请输入路由参数', 255)}
          </FormItem>
        )}
        {t === 'C' && (
          <FormItem label="是否缓存" labelWidth={L} plain>
            <Radios name="isCache" value={form.isCache} options={[['0', '缓存'], ['1', '不缓存']]} onChange={(v) => set('isCache', v)} title={TIPS.isCache} />
          </FormItem>
        )}
        {t !== 'F' && (
          <FormItem label="显示状态" labelWidth={L} plain>
            <DictRadio options={dict.sys_show_hide} value={form.visible} onChange={(v) => set('visible', v)} name="visible" />
          </FormItem>
        )}
        <FormItem label="菜单状态" labelWidth={L} plain>
          <DictRadio options={dict.sys_normal_disable} value={form.status} onChange={(v) => set('status', v)} name="status" />
        </FormItem>
      </Grid>
    </FormDialog>
  );
}
