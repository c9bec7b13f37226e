/**
 * 生成信息 tab of 修改生成配置 (RuoYi views/tool/gen/genInfoForm.vue; workflow spec §3 "Generator
 * info", §4, §5): 生成模板, 生成包路径, 生成模块名, 生成业务名, 生成功能名, 上级菜单, 生成代码方式
 * (zip压缩包 / 自定义路径; the path field only for 1, with 最近路径快速选择 → 恢复默认的生成基础路径),
 * 生成导入; 其他信息 for a tree (树编码 / 树父编码 / 树名称字段) and 关联信息 for a sub table (关联子表的
 * 表名, 子表关联的外键名). Leaving 'sub' clears the sub-table fields; another sub table clears the key.
 */
import { Box, Button, Flex, Grid, Heading, Input, Menu, Portal, Switch } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { GEN_MSG } from '../../../../../shared/schemas/tool/gen';
import { DictRadio, FormInput, FormItem, required, type FormState, type Rules } from '../../../components/form/form-kit';
import { OptionSelect } from '../../../components/form/OptionSelect';
import { TreeSelect } from '../../../components/tree/TreeSelect';
import type { TreeNode } from '../../../components/tree/tree-utils';
import { Icon } from '../../../components/Icon';
import { toDictOptions } from '../../../hooks/dict-cache';
import { useTRPC } from '../../../lib/trpc';
import { columnLabel, TPL_OPTIONS, type GenColumnRow, type GenInfoForm, type GenTableRow } from './gen-kit';

export const GEN_RULES: Rules<GenInfoForm> = {
  tplCategory: [required(GEN_MSG.tplCategory)],
  packageName: [required(GEN_MSG.packageName)],
  moduleName: [required(GEN_MSG.moduleName)],
  businessName: [required(GEN_MSG.businessName)],
  functionName: [required(GEN_MSG.functionName)],
};

const L = '150px';

/** Options of 生成代码方式. */
const GEN_TYPE_OPTIONS = toDictOptions([{ dictValue: '0', dictLabel: 'zip压缩包' }, { dictValue: '1', dictLabel: '自定义路径' }]);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box gridColumn={{ lg: 'span 2' }}>
      <Heading as="h4" size="sm" fontWeight="bold" mt="2" mb="4" pb="1" borderBottomWidth="1px" color="#303133">
        {title}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} columnGap="6">{children}</Grid>
    </Box>
  );
}

export function GenInfoFormView({ state, columns, tables, menus, tableName }: {
  state: FormState<GenInfoForm>;
  columns: GenColumnRow[];
  tables: GenTableRow[];
  menus: TreeNode[];
  tableName: string;
}) {
  const trpc = useTRPC();
  const { form, errors, set } = state;
  const subTable = tables.find((t) => t.tableName === form.subTableName);
  const subColumns = useQuery({
    ...trpc.tool.gen.columns.queryOptions({ tableId: subTable?.tableId ?? 0 }),
    enabled: !!subTable && !subTable.columns?.length,
  });
  const subColumnRows = subTable?.columns?.length ? subTable.columns : subColumns.data?.rows ?? [];
  const columnOptions = columns.map((c) => ({ value: c.columnName, label: columnLabel(c) }));

  const select = (key: 'treeCode' | 'treeParentCode' | 'treeName', tip: string) => (
    <Box title={tip}>
      <OptionSelect name={key} w="100%" placeholder="请选择" options={columnOptions} value={form[key]} onChange={(v) => set(key, v)} />
    </Box>
  );

  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} columnGap="6" maxW="1100px" data-testid="gen-info-form">
      <FormItem label="生成模板" required error={errors.tplCategory} labelWidth={L}>
        <OptionSelect
          name="tplCategory"
          w="100%"
          placeholder="请选择"
          options={TPL_OPTIONS}
          value={form.tplCategory}
          onChange={(v) => {
            // genInfoForm.vue tplSelectChange: leaving 主子表 clears the sub table and its key.
            if (v === 'sub') set('tplCategory', v);
            else state.reset({ ...form, tplCategory: v, subTableName: '', subTableFkName: '' });
          }}
        />
      </FormItem>
      <FormItem label="生成包路径" required error={errors.packageName} labelWidth={L}>
        <FormInput state={state} field="packageName" placeholder="请输入" maxLength={100} title="生成在 server/ 下的哪个目录，点分隔，例如 modules.biz" />
      </FormItem>
      <FormItem label="生成模块名" required error={errors.moduleName} labelWidth={L}>
        <FormInput state={state} field="moduleName" placeholder="请输入" maxLength={30} title="可理解为子系统名，例如 biz（不能用 system、tool 等系统已用的名称）" />
      </FormItem>
      <FormItem label="生成业务名" required error={errors.businessName} labelWidth={L}>
        <FormInput state={state} field="businessName" placeholder="请输入" maxLength={30} title="可理解为功能英文名，例如 customer" />
      </FormItem>
      <FormItem label="生成功能名" required error={errors.functionName} labelWidth={L}>
        <FormInput state={state} field="functionName" placeholder="请输入" maxLength={50} title="用作菜单和对话框标题，例如 客户信息" />
      </FormItem>
      <FormItem label="上级菜单" labelWidth={L} plain>
        <Box title="分配到指定菜单下，例如 系统管理">
          <TreeSelect
            data={menus}
            value={form.parentMenuId}
            onChange={(id) => set('parentMenuId', id === undefined ? undefined : Number(id))}
            placeholder="请选择系统菜单"
            name="上级菜单"
          />
        </Box>
      </FormItem>
      <FormItem label="生成代码方式" labelWidth={L} plain>
        <Box title="默认为zip压缩包下载，也可以自定义生成路径">
          <DictRadio name="genType" options={GEN_TYPE_OPTIONS} value={form.genType} onChange={(v) => set('genType', v as '0' | '1')} />
        </Box>
      </FormItem>
      <FormItem label="生成导入" labelWidth={L} plain>
        <Switch.Root size="sm" mt="1.5" name="withImport" checked={form.withImport} onCheckedChange={(d) => set('withImport', d.checked)}
          title="列表页同时生成 Excel 导入" aria-label="生成导入">
          <Switch.HiddenInput />
          <Switch.Control />
        </Switch.Root>
      </FormItem>
      {form.genType === '1' && (
        <Box gridColumn={{ lg: 'span 2' }}>
          <FormItem label="自定义路径" labelWidth={L}>
            <Flex gap="0" title="填写项目内的相对路径，若不填写，则生成到项目根目录下">
              <Input size="sm" name="genPath" value={form.genPath} onChange={(e) => set('genPath', e.target.value)} borderEndRadius="0" />
              <Menu.Root onSelect={(d) => d.value === 'default' && set('genPath', '/')}>
                <Menu.Trigger asChild>
                  <Button size="sm" variant="outline" borderStartRadius="0" borderStartWidth="0" fontWeight="normal" data-testid="gen-path-menu">
                    最近路径快速选择 <Icon name="chevron-down" />
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      <Menu.Item value="default">恢复默认的生成基础路径</Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            </Flex>
          </FormItem>
        </Box>
      )}
      {form.tplCategory === 'tree' && (
        <Section title="其他信息">
          <FormItem label="树编码字段" labelWidth={L} plain>{select('treeCode', '树显示的编码字段名， 如：dept_id')}</FormItem>
          <FormItem label="树父编码字段" labelWidth={L} plain>{select('treeParentCode', '树显示的父编码字段名， 如：parent_Id')}</FormItem>
          <FormItem label="树名称字段" labelWidth={L} plain>{select('treeName', '树节点的显示名称字段名， 如：dept_name')}</FormItem>
        </Section>
      )}
      {form.tplCategory === 'sub' && (
        <Section title="关联信息">
          <FormItem label="关联子表的表名" labelWidth={L} plain>
            <Box title="关联子表的表名， 如：sys_user">
              <OptionSelect
                name="subTableName"
                w="100%"
                placeholder="请选择"
                options={tables.filter((t) => t.tableName !== tableName).map((t) => ({ value: t.tableName, label: `${t.tableName}：${t.tableComment}` }))}
                value={form.subTableName}
                onChange={(v) => state.reset({ ...form, subTableName: v, subTableFkName: '' })}
              />
            </Box>
          </FormItem>
          <FormItem label="子表关联的外键名" labelWidth={L} plain>
            <Box title="子表关联的外键名， 如：user_id">
              <OptionSelect
                name="subTableFkName"
                w="100%"
                placeholder="请选择"
                options={subColumnRows.map((c) => ({ value: c.columnName, label: columnLabel(c) }))}
                value={form.subTableFkName}
                onChange={(v) => set('subTableFkName', v)}
              />
            </Box>
          </FormItem>
        </Section>
      )}
    </Grid>
  );
}
