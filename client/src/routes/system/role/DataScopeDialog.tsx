/**
 * 分配数据权限 dialog (RuoYi views/system/role/index.vue "openDataScope"; issue 3 "Parks"):
 * read-only 角色名称 and 权限字符, 权限范围 (1 全部数据权限 … 5 仅本人数据权限); for 2 自定数据权限 the
 * dept tree with 展开/折叠, 全选/全不选, 父子联动; the park (园区) tree beside it with the same
 * switches. Trees load from deptTree/{roleId} and parkTree/{roleId} and show exactly the depts and
 * parks the role holds (checked + half-checked keys); the held keys are submitted, so 确 定 without
 * a change changes nothing (issue 38 §8); 确 定 → 修改成功.
 */
import { Box, Grid, Input, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { MSG } from '../../../components/feedback/messages';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Tree } from '../../../components/tree/Tree';
import { loadCheckedKeys, type TreeKey, type TreeNode } from '../../../components/tree/tree-utils';
import { useTRPC } from '../../../lib/trpc';
import { FormItem } from '../../../components/form/form-kit';
import { AppDialog, DialogLoading } from '../../../components/feedback/AppDialog';
import { DialogFooterButtons } from '../../../components/feedback/DialogFooterButtons';
import { OptionSelect } from '../../../components/form/OptionSelect';

export const DATA_SCOPE_OPTIONS = [
  { value: '1', label: '全部数据权限' },
  { value: '2', label: '自定数据权限' },
  { value: '3', label: '本部门数据权限' },
  { value: '4', label: '本部门及以下数据权限' },
  { value: '5', label: '仅本人数据权限' },
] as const;

type Scope = (typeof DATA_SCOPE_OPTIONS)[number]['value'];

export function DataScopeDialog({ roleId, onClose, onSaved }: { roleId: number; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const role = useQuery({ ...trpc.system.role.get.queryOptions({ roleId }), gcTime: 0 });
  const deptTree = useQuery({ ...trpc.system.role.deptTree.queryOptions({ roleId }), gcTime: 0 });
  const parkTree = useQuery({ ...trpc.system.role.parkTree.queryOptions({ roleId }), gcTime: 0 });
  const save = useMutation(trpc.system.role.dataScope.mutationOptions());
  const [scope, setScope] = useState<Scope>('1');
  const [linked, setLinked] = useState(true);
  const [depts, setDepts] = useState<TreeKey[]>([]);
  const [parks, setParks] = useState<TreeKey[]>([]);
  // What the role holds as loaded: an uncheck below these never drops them.
  const [stored, setStored] = useState<{ depts: TreeKey[]; parks: TreeKey[] }>({ depts: [], parks: [] });
  // The role and both trees, applied together (a layout effect, before the dialog paints): until
  // then the body is 加载中, and 确 定 stays greyed out unless all three arrived (one that failed
  // leaves it greyed out), so a scope picked or a save made without them cannot be overwritten or
  // send empty trees.
  const loading = role.isPending || deptTree.isPending || parkTree.isPending;
  const ready = !!(role.data && deptTree.data && parkTree.data);
  const deptNodes = (deptTree.data?.depts ?? []) as TreeNode[];
  const parkNodes = (parkTree.data?.parks ?? []) as TreeNode[];

  useLayoutEffect(() => {
    if (!role.data || !deptTree.data || !parkTree.data) return;
    const link = role.data.deptCheckStrictly !== false;
    setScope(role.data.dataScope as Scope);
    setLinked(link);
    const held = { depts: loadCheckedKeys(deptTree.data.depts as TreeNode[], deptTree.data), parks: loadCheckedKeys(parkTree.data.parks as TreeNode[], parkTree.data) };
    setDepts(held.depts);
    setParks(held.parks);
    setStored(held);
  }, [role.data, deptTree.data, parkTree.data]);

  const submit = () =>
    save.mutate(
      {
        roleId,
        dataScope: scope,
        deptIds: scope === '2' ? depts.map(Number) : [],
        parkIds: parks.map(Number),
        deptCheckStrictly: linked,
      },
      {
        onSuccess: () => {
          msgSuccess(MSG.update);
          onSaved();
        },
      },
    );

  const tree = (title: string, data: TreeNode[], keys: TreeKey[], setKeys: (k: TreeKey[]) => void, keep: TreeKey[], testId: string) => (
    <Box minW="0">
      <Text fontSize="sm" fontWeight="bold" color="#606266" mb="2">
        {title}
      </Text>
      <Tree
        data={data}
        checkable
        toolbar
        defaultExpandAll
        checkedKeys={keys}
        onCheck={(k) => setKeys(k)}
        checkStrictly={!linked}
        keepKeys={keep}
        onCheckStrictlyChange={(strict) => setLinked(!strict)}
        emptyText="暂无数据"
        maxH="300px"
        testId={testId}
      />
    </Box>
  );

  return (
    <AppDialog title="分配数据权限" width="800px" testId="data-scope-dialog" onClose={onClose}
      footer={<DialogFooterButtons onConfirm={submit} onCancel={onClose} loading={save.isPending} disabled={!ready} />}>
      {loading ? (
        <DialogLoading />
      ) : (
        <>
          <Box maxW="460px">
            <FormItem label="角色名称">
              <Input size="sm" name="roleName" value={role.data?.roleName ?? ''} disabled readOnly />
            </FormItem>
            <FormItem label="权限字符">
              <Input size="sm" name="roleKey" value={role.data?.roleKey ?? ''} disabled readOnly />
            </FormItem>
            <FormItem label="权限范围">
              <OptionSelect
                name="dataScope"
                options={DATA_SCOPE_OPTIONS}
                value={scope}
                w="100%"
                onChange={(v) => {
                  setScope(v as Scope);
                  if (v !== '2') setDepts([]);
                }}
              />
            </FormItem>
          </Box>
          <Grid templateColumns={{ base: '1fr', md: scope === '2' ? '1fr 1fr' : '1fr' }} gap="5" pl={{ md: '92px' }}>
            {scope === '2' && tree('数据权限', deptNodes, depts, setDepts, stored.depts, 'dept-scope-tree')}
            {tree('园区权限', parkNodes, parks, setParks, stored.parks, 'park-scope-tree')}
          </Grid>
        </>
      )}
    </AppDialog>
  );
}
