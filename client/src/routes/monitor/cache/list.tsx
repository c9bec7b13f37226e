/**
 * 缓存列表 (monitor/cache/list; RuoYi views/monitor/cache/list.vue): three panes.
 * - 缓存列表 (`monitor.cache.names`): 序号, 缓存名称, 备注, 清理; a click lists its keys; ↻ reloads.
 * - 键名列表 (`monitor.cache.keys`): 序号, 缓存键名 (without the name), 清理; a click shows the value; ↻.
 * - 缓存内容 (`monitor.cache.value`): 缓存名称, 缓存键名, 缓存内容 (the JSON, indented), and 清理全部.
 * Clears ask first (the cache's own note: clearing drops memory only; sessions stay signed in) and
 * answer as RuoYi: 清理缓存名称[x]成功, 清理缓存键名[x]成功, 清理全部缓存成功. All under monitor:cache:list.
 */
import { Box, Button, Field, IconButton, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmWarning } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RowButton } from '../../../components/table/RowButton';
import { Icon } from '../../../components/Icon';
import { MonitorCard } from '../../../features/monitor/cards';
import { useTRPC } from '../../../lib/trpc';
import type { CacheNameRow } from '../../../../../shared/schemas/monitor/cache';

const PERM = ['monitor:cache:list'];
const ALL_NOTE = '仅清除内存中的缓存（本进程及共用数据库的其他进程），数据库中的数据与会话不变，用户无需重新登录；已取得验证码但尚未登录的用户需刷新验证码。';

/** Indented JSON of `text`, or `text` itself when it is no JSON. */
function pretty(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Reload({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <IconButton size="xs" variant="ghost" aria-label={label} title={label} onClick={onClick} data-testid={testId}>
      <Icon name="refresh" />
    </IconButton>
  );
}

export default function CacheList() {
  const trpc = useTRPC();
  const [current, setCurrent] = useState<CacheNameRow | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const names = useQuery({ ...trpc.monitor.cache.names.queryOptions(), gcTime: 0 });
  const keys = useQuery({ ...trpc.monitor.cache.keys.queryOptions({ cacheName: current?.cacheName ?? '' }), enabled: !!current, gcTime: 0 });
  const value = useQuery({ ...trpc.monitor.cache.value.queryOptions({ cacheName: current?.cacheName ?? '', cacheKey: key ?? '' }), enabled: !!current && !!key, gcTime: 0 });
  const clearName = useMutation(trpc.monitor.cache.clearName.mutationOptions());
  const clearKey = useMutation(trpc.monitor.cache.clearKey.mutationOptions());
  const clearAll = useMutation(trpc.monitor.cache.clearAll.mutationOptions());

  const reloadAll = () => {
    void names.refetch();
    if (current) void keys.refetch();
  };

  const onClearName = async (row: CacheNameRow) => {
    if (!(await confirmWarning(`是否确认清理缓存名称"${row.cacheName}"？${row.clearNote}`))) return;
    clearName.mutate({ cacheName: row.cacheName }, {
      onSuccess: () => {
        msgSuccess(`清理缓存名称[${row.cacheName}]成功`);
        if (current?.cacheName === row.cacheName) setKey(null);
        reloadAll();
      },
    });
  };

  const onClearKey = async (fullKey: string) => {
    if (!(await confirmWarning(`是否确认清理缓存键名"${fullKey}"？${current?.clearNote ?? ''}`))) return;
    clearKey.mutate({ cacheKey: fullKey }, {
      onSuccess: () => {
        msgSuccess(`清理缓存键名[${fullKey}]成功`);
        setKey((k) => (k === fullKey ? null : k));
        reloadAll();
      },
    });
  };

  const onClearAll = async () => {
    if (!(await confirmWarning(`是否确认清理全部缓存？${ALL_NOTE}`))) return;
    clearAll.mutate(undefined, {
      onSuccess: () => {
        msgSuccess('清理全部缓存成功');
        setKey(null);
        reloadAll();
      },
    });
  };

  const nameColumns: DataColumn<CacheNameRow>[] = [
    { key: 'index', title: '序号', width: 60, render: (_r, i) => i + 1 },
    { key: 'cacheName', title: '缓存名称', truncate: true, render: (r) => r.cacheName.replace(':', '') },
    { key: 'remark', title: '备注', truncate: true },
    { key: 'actions', title: '操作', width: 70, render: (r) => (
      <Box onClick={(e) => e.stopPropagation()}>
        <RowButton perm={PERM} icon="delete" onClick={() => void onClearName(r)} testId={`clear-name-${r.cacheName}`}>清理</RowButton>
      </Box>
    ) },
  ];
  const prefix = current?.cacheName ?? '';
  const keyRows = (keys.data ?? []).map((k) => ({ key: k }));
  const keyColumns: DataColumn<{ key: string }>[] = [
    { key: 'index', title: '序号', width: 60, render: (_r, i) => i + 1 },
    { key: 'key', title: '缓存键名', truncate: true, render: (r) => r.key.slice(prefix.length) },
    { key: 'actions', title: '操作', width: 70, render: (r) => (
      <Box onClick={(e) => e.stopPropagation()}>
        <RowButton perm={PERM} icon="delete" onClick={() => void onClearKey(r.key)} testId={`clear-key-${r.key}`}>清理</RowButton>
      </Box>
    ) },
  ];

  const v = value.data;
  return (
    <Box p="5" data-testid="cache-list">
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
        <MonitorCard title="缓存列表" icon="redis-list" testId="cache-names"
          action={<Reload label="刷新缓存列表" onClick={() => void names.refetch()} testId="reload-names" />}>
          <DataTable columns={nameColumns} data={names.data ?? []} rowKey="cacheName" loading={names.isFetching} testId="cache-names-table"
            onRowClick={(r) => { setCurrent(r); setKey(null); }} />
        </MonitorCard>
        <MonitorCard title="键名列表" icon="dict" testId="cache-keys"
          action={<Reload label="刷新键名列表" onClick={() => { if (current) void keys.refetch(); }} testId="reload-keys" />}>
          <DataTable columns={keyColumns} data={keyRows} rowKey="key" loading={keys.isFetching} testId="cache-keys-table"
            emptyText={current ? '暂无数据' : '请先选择左侧的缓存'} onRowClick={(r) => setKey(r.key)} />
        </MonitorCard>
        <MonitorCard title="缓存内容" icon="document" testId="cache-value"
          action={<Button size="xs" variant="subtle" colorPalette="red" onClick={() => void onClearAll()} data-testid="clear-all">
            <Icon name="delete" />清理全部
          </Button>}>
          <Stack gap="3">
            <Field.Root>
              <Field.Label fontSize="sm">缓存名称:</Field.Label>
              <Input size="sm" readOnly value={v?.cacheName ?? current?.cacheName ?? ''} data-testid="value-name" />
            </Field.Root>
            <Field.Root>
              <Field.Label fontSize="sm">缓存键名:</Field.Label>
              <Input size="sm" readOnly value={v?.cacheKey ?? key ?? ''} data-testid="value-key" />
            </Field.Root>
            <Field.Root>
              <Field.Label fontSize="sm">缓存内容:</Field.Label>
              <Textarea size="sm" readOnly rows={10} fontFamily="mono" fontSize="xs" data-testid="value-content"
                value={v ? (v.cacheValue === null ? '（该键已不在缓存中）' : pretty(v.cacheValue)) : ''} />
            </Field.Root>
          </Stack>
        </MonitorCard>
      </SimpleGrid>
    </Box>
  );
}
