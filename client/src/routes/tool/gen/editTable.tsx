/**
 * 修改生成配置 (route /tool/gen-edit/index/:tableId → tool/gen/editTable; RuoYi
 * views/tool/gen/editTable.vue; workflow spec §2 "Code generator", §4, §5): tabs 基本信息,
 * 字段信息 (opened first, as RuoYi; drag-sortable rows) and 生成信息, then 提交 / 返回.
 * 提交 checks both forms (spec §5 messages; a failing form shows 表单校验未通过，请重新检查提交内容,
 * marks the tab holding an invalid field in red (`data-invalid`), switches to it unless the open
 * tab has one, and focuses the first invalid field: issue 40 §6),
 * saves the table fields + `columns` + `params {treeCode, treeParentCode, treeName, parentMenuId,
 * withImport}` through `tool.gen.update`, shows 修改成功 and closes the tab back to /tool/gen.
 * 返回 closes the tab as well.
 */
import { Box, Button, Flex, Tabs, VisuallyHidden } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { GEN_MSG } from '../../../../../shared/schemas/tool/gen';
import { PageLoading } from '../../../components/PageLoading';
import { msgError, msgSuccess } from '../../../lib/modal/toaster';
import { useForm, validateForm, type Errors } from '../../../components/form/form-kit';
import type { TreeNode } from '../../../components/tree/tree-utils';
import { closeOpenPage } from '../../../lib/close-page';
import { useTRPC } from '../../../lib/trpc';
import { toTreeNodes } from '../../../components/table/tree-table-kit';
import { BASIC_RULES, BasicInfoForm } from './BasicInfoForm';
import { ColumnInfoTable } from './ColumnInfoTable';
import { basicOf, genInfoOf, toUpdateBody, type BasicForm, type GenColumnRow, type GenInfoForm } from './gen-kit';
import { GEN_RULES, GenInfoFormView } from './GenInfoForm';

type FormTab = 'basic' | 'genInfo';

/** The first field (in the form's order) with a message, or undefined. */
const firstInvalid = <T,>(errors: Errors<T>, order: (keyof T)[]) => order.find((k) => errors[k]);

/** A tab's title with the mark of a tab holding an invalid field (a red dot and, for screen readers, 有错误). */
function TabTitle({ title, invalid }: { title: string; invalid: boolean }) {
  return (
    <>
      {title}
      {invalid && (
        <>
          <Box as="span" display="inline-block" w="1.5" h="1.5" ml="1" borderRadius="full" bg="red.500" aria-hidden />
          <VisuallyHidden>（有错误）</VisuallyHidden>
        </>
      )}
    </>
  );
}

const EMPTY_BASIC: BasicForm = { tableName: '', tableComment: '', className: '', functionAuthor: '', remark: '' };
const EMPTY_INFO: GenInfoForm = {
  tplCategory: '', packageName: '', moduleName: '', businessName: '', functionName: '', genType: '0', genPath: '/', treeCode: '',
  treeParentCode: '', treeName: '', subTableName: '', subTableFkName: '', withImport: false,
};

export default function GenEditTable() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tableId = Number(useParams().tableId ?? 0) || 0;
  const [tab, setTab] = useState('columnInfo');
  const [columns, setColumns] = useState<GenColumnRow[]>([]);
  const [focusTarget, setFocusTarget] = useState<{ tab: FormTab; field: string } | null>(null);
  const basic = useForm<BasicForm>(EMPTY_BASIC, BASIC_RULES);
  const info = useForm<GenInfoForm>(EMPTY_INFO, GEN_RULES);

  const gen = useQuery({ ...trpc.tool.gen.get.queryOptions({ tableId }), enabled: tableId > 0, gcTime: 0 });
  const dictTypes = useQuery({ ...trpc.system.dict.type.optionselect.queryOptions(), meta: { silent: true } });
  const menuRows = useQuery({ ...trpc.system.menu.list.queryOptions({}), meta: { silent: true } });
  const update = useMutation(trpc.tool.gen.update.mutationOptions());

  useEffect(() => {
    const d = gen.data;
    if (!d) return;
    basic.reset(basicOf(d.info));
    info.reset(genInfoOf(d.info));
    setColumns(d.rows);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gen.data]);

  const dictOptions = useMemo(
    () => (dictTypes.data ?? []).map((t) => ({ value: t.dictType, label: t.dictName })),
    [dictTypes.data],
  );
  const menus = useMemo<TreeNode[]>(() => toTreeNodes(menuRows.data ?? [], 'menuId', 'parentId', 'menuName'), [menuRows.data]);

  // Focuses the invalid field once its tab is shown (the tab panel un-hides a frame or two later).
  useEffect(() => {
    if (!focusTarget || tab !== focusTarget.tab) return;
    const form = focusTarget.tab === 'basic' ? 'gen-basic-form' : 'gen-info-form';
    let frame = 0;
    let tries = 0;
    const tryFocus = () => {
      const el = document.querySelector<HTMLElement>(`[data-testid="${form}"] [name="${focusTarget.field}"]`);
      if (el && el.offsetParent !== null) el.focus();
      if (document.activeElement !== el && ++tries < 20) frame = requestAnimationFrame(tryFocus);
      else setFocusTarget(null);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [focusTarget, tab]);

  const basicInvalid = Object.values(basic.errors).some(Boolean);
  const infoInvalid = Object.values(info.errors).some(Boolean);

  const close = () => closeOpenPage(pathname, `/tool/gen?t=${Date.now()}`, navigate);

  const submit = () => {
    basic.check();
    info.check();
    const badBasic = firstInvalid(validateForm(basic.form, BASIC_RULES), Object.keys(BASIC_RULES) as (keyof BasicForm)[]);
    const badInfo = firstInvalid(validateForm(info.form, GEN_RULES), Object.keys(GEN_RULES) as (keyof GenInfoForm)[]);
    if (badBasic || badInfo) {
      msgError(GEN_MSG.formInvalid);
      const target: { tab: FormTab; field: string } = tab === 'genInfo' && badInfo ? { tab: 'genInfo', field: String(badInfo) }
        : badBasic ? { tab: 'basic', field: String(badBasic) } : { tab: 'genInfo', field: String(badInfo) };
      setTab(target.tab);
      setFocusTarget(target);
      return;
    }
    update.mutate(toUpdateBody(tableId, basic.form, info.form, columns), {
      onSuccess: () => {
        msgSuccess('修改成功');
        close();
      },
    });
  };

  if (gen.isLoading) return <PageLoading />;

  return (
    <Box p="5" data-testid="gen-edit">
      <Box borderWidth="1px" borderRadius="md" bg="white" p="4" boxShadow="xs">
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm">
          <Tabs.List mb="4">
            <Tabs.Trigger value="basic" data-testid="gen-tab-basic" data-invalid={basicInvalid ? '' : undefined} color={basicInvalid ? 'fg.error' : undefined}>
              <TabTitle title="基本信息" invalid={basicInvalid} />
            </Tabs.Trigger>
            <Tabs.Trigger value="columnInfo" data-testid="gen-tab-columns">字段信息</Tabs.Trigger>
            <Tabs.Trigger value="genInfo" data-testid="gen-tab-info" data-invalid={infoInvalid ? '' : undefined} color={infoInvalid ? 'fg.error' : undefined}>
              <TabTitle title="生成信息" invalid={infoInvalid} />
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="basic">
            <BasicInfoForm state={basic} />
          </Tabs.Content>
          <Tabs.Content value="columnInfo">
            <ColumnInfoTable columns={columns} onChange={setColumns} dictOptions={dictOptions} />
          </Tabs.Content>
          <Tabs.Content value="genInfo">
            <GenInfoFormView state={info} columns={columns} tables={gen.data?.tables ?? []} menus={menus} tableName={basic.form.tableName} />
          </Tabs.Content>
        </Tabs.Root>
        <Flex justify="center" gap="3" mt="6">
          <Button size="sm" colorPalette="brand" onClick={submit} loading={update.isPending} data-testid="gen-submit">
            提交
          </Button>
          <Button size="sm" variant="outline" onClick={close} data-testid="gen-back">
            返回
          </Button>
        </Flex>
      </Box>
    </Box>
  );
}
