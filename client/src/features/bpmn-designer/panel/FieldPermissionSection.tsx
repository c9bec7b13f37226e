/**
 * 表单权限 section of a user task (issue 16: per-node permissions of the start form's fields): every
 * value field of the process's start form (the start event's 表单, read with `flowable.form.get`,
 * permission flowable:form:query) with 可编辑 / 只读 / 隐藏 (default 只读), each detail-table column
 * below its table with 同表格 (default) / 可编辑 / 只读 / 隐藏. Each change is one undoable command
 * through `forms/field-permissions.ts`. Without a start form, without the permission, or when the
 * form cannot be read, a hint says why; entries already written stay as they are (listed, and 清空
 * still removes them). The server enforces the permissions (server/modules/flowable/common/field-permissions.ts).
 */
import { Box, Button, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { FIELD_PERMISSIONS, isFieldPermission, parseFormContent, PERMISSION_LABELS, type FieldPermission, type FormConf } from '../../../../../shared/form';
import { usePermi } from '../../../components/Permission';
import { describeRequestError } from '../../../lib/request-error';
import { useTRPC } from '../../../lib/trpc';
import { Section } from './Section';
import type { PanelTarget } from './usePanelTarget';
import {
  clearFieldPermissions, keepFieldPermissions, permissionLines, readFieldPermissions, startFormKey, writeFieldPermission, type PermissionLine,
} from './forms/field-permissions';

const FORM_QUERY = 'flowable:form:query';

/** A muted note (why nothing can be listed, or what the defaults are). */
function Hint({ children, testId, tone = 'muted' }: { children: ReactNode; testId?: string; tone?: 'muted' | 'warn' }) {
  return <Text fontSize="xs" color={tone === 'warn' ? 'orange.600' : 'gray.500'} mb="2" data-testid={testId}>{children}</Text>;
}

/** One field or column with its select. */
function LineRow({ line, tableHidden, onChange }: { line: PermissionLine; tableHidden: boolean; onChange: (v: FieldPermission | undefined) => void }) {
  const value = line.column && line.inherited ? '' : line.value;
  return (
    <Flex align="center" gap="2" mb="1.5" pl={line.column ? '5' : '0'} data-testid={`field-perm-row-${line.key}`}>
      <Text flex="1" minW="0" fontSize="sm" color={line.column ? 'gray.600' : '#303133'} truncate title={`${line.label} (${line.key})`}>
        {line.column && <Text as="span" color="gray.400" mr="1">└</Text>}
        {line.label}
        <Text as="span" color="gray.400" fontSize="xs" ml="1">{line.name}</Text>
      </Text>
      <NativeSelect.Root size="xs" w="104px" flexShrink={0} disabled={line.column && tableHidden}>
        <NativeSelect.Field
          value={value}
          aria-label={`${line.label}的权限`}
          data-testid={`field-perm-${line.key}`}
          onChange={(e) => onChange(isFieldPermission(e.target.value) ? e.target.value : undefined)}
        >
          {line.column && <option value="">同表格</option>}
          {FIELD_PERMISSIONS.map((p) => <option key={p} value={p}>{PERMISSION_LABELS[p]}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Flex>
  );
}

/** The entries written on the task, as text (when the form cannot be listed). */
function WrittenEntries({ entries }: { entries: [string, FieldPermission][] }) {
  if (!entries.length) return null;
  return (
    <Box mb="2" data-testid="field-perm-written">
      <Text fontSize="xs" color="gray.600" mb="1">已设置：</Text>
      {entries.map(([k, v]) => <Text key={k} fontSize="xs" color="gray.600" pl="2">{k}：{PERMISSION_LABELS[v]}</Text>)}
    </Box>
  );
}

function FieldPermissionBody({ target }: { target: PanelTarget }) {
  const { bo, ops } = target;
  const trpc = useTRPC();
  const { hasPermi } = usePermi();
  const canRead = hasPermi([FORM_QUERY]);
  const formKey = startFormKey(bo);
  const formId = /^\d+$/.test(formKey) ? Number(formKey) : undefined;
  const stored = useQuery({
    ...trpc.flowable.form.get.queryOptions({ formId: formId ?? 0 }),
    enabled: formId !== undefined && canRead,
    retry: false,
    meta: { silent: true },
  });
  const conf = useMemo<FormConf | null | 'bad'>(() => {
    if (!stored.data) return null;
    try {
      return parseFormContent(stored.data.formContent ?? '');
    } catch {
      return 'bad';
    }
  }, [stored.data]);
  const perms = readFieldPermissions(bo);
  const entries = Object.entries(perms) as [string, FieldPermission][];
  const clear = entries.length > 0 && (
    <Button size="xs" variant="outline" onClick={() => clearFieldPermissions(ops, bo)} data-testid="field-perm-clear">清空（全部只读）</Button>
  );

  let problem: string | null = null;
  if (!formKey) problem = '开始节点未选择表单，没有可设置权限的字段';
  else if (formId === undefined) problem = `开始节点的表单「${formKey}」不是表单配置中的表单，无法列出字段`;
  else if (!canRead) problem = '没有读取表单的权限（流程表单查询 flowable:form:query），无法列出开始表单的字段';
  else if (stored.isError) problem = `无法读取开始表单：${describeRequestError(stored.error).message}`;
  else if (stored.isSuccess && !stored.data) problem = `开始节点的表单（${formKey}）不存在`;
  else if (conf === 'bad') problem = '开始表单的内容格式错误，无法列出字段';
  if (problem) {
    return (
      <Box data-testid="field-perm-section">
        <Hint testId="field-perm-hint" tone="warn">{problem}</Hint>
        <WrittenEntries entries={entries} />
        {clear}
      </Box>
    );
  }
  if (!conf || conf === 'bad') return <Hint testId="field-perm-loading">加载开始表单…</Hint>;

  const lines = permissionLines(conf, perms);
  const keys = new Set(lines.map((l) => l.key));
  const stale = entries.filter(([k]) => !keys.has(k));
  const hiddenTables = new Set(lines.filter((l) => !l.column && l.value === 'hidden').map((l) => l.key));
  return (
    <Box data-testid="field-perm-section">
      <Hint>开始表单「{stored.data?.formName ?? formKey}」的字段在本节点的权限；未设置的字段只读，明细表的列同表格。</Hint>
      {!lines.length && <Hint testId="field-perm-hint">开始表单没有字段</Hint>}
      {lines.map((line) => (
        <LineRow key={line.key} line={line} tableHidden={line.column && hiddenTables.has(line.key.split('.')[0])}
          onChange={(v) => writeFieldPermission(ops, bo, line.key, v)} />
      ))}
      {stale.length > 0 && (
        <Flex align="center" gap="2" mt="2" wrap="wrap" data-testid="field-perm-stale">
          <Text fontSize="xs" color="orange.600">表单中已没有：{stale.map(([k]) => k).join('、')}</Text>
          <Button size="xs" variant="ghost" onClick={() => keepFieldPermissions(ops, bo, keys)} data-testid="field-perm-drop-stale">移除</Button>
        </Flex>
      )}
      {clear && <Box mt="2">{clear}</Box>}
    </Box>
  );
}

/** The 表单权限 section (user tasks). */
export function FieldPermissionSection({ target }: { target: PanelTarget }) {
  return (
    <Section title="表单权限" testId="panel-section-field-permissions">
      <FieldPermissionBody target={target} />
    </Section>
  );
}
