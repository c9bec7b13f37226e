/**
 * 缓存监控 (monitor/cache/index; RuoYi views/monitor/cache/index.vue) over this process's in-memory
 * caches (`monitor.cache.overview`, perm monitor:cache:list): 基本信息 (RuoYi's Redis figures mapped
 * to what is true here: Node 版本, 运行模式 单进程内存, 端口, 缓存会话数, 运行时间, 缓存内存(估算), 进程
 * CPU 时间, 堆内存上限, 键总数, 命中率), 命中统计 (each cache's hits as bars, where RuoYi draws a pie
 * of command calls) and 缓存明细 (per cache: 缓存名称, 备注, 键数量, 内存估算, 命中, 未命中, 命中率).
 * 刷新 reads them again.
 */
import { Box, Button, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { formatBytes, InfoTable, LoadingBody, MonitorCard, PairGrid, UsageBar } from '../../../features/monitor/cards';
import { Icon } from '../../../components/Icon';
import { useTRPC } from '../../../lib/trpc';
import type { CacheOverview } from '../../../../../shared/schemas/monitor/cache';

function BasicInfo({ o }: { o: CacheOverview }) {
  const i = o.info;
  return (
    <MonitorCard title="基本信息" icon="monitor" testId="cache-info">
      <PairGrid pairs={[
        { label: 'Node 版本', value: i.node_version }, { label: '运行模式', value: '单进程内存' },
        { label: '端口', value: i.tcp_port }, { label: '缓存会话数', value: i.connected_clients },
        { label: '运行时间(天)', value: i.uptime_in_days }, { label: '缓存内存(估算)', value: i.used_memory_human },
        { label: '进程CPU(秒)', value: i.used_cpu_user_children }, { label: '堆内存上限', value: i.maxmemory_human },
        { label: '缓存数', value: i.cache_count }, { label: '键总数', value: o.dbSize },
        { label: '命中 / 未命中', value: `${i.keyspace_hits} / ${i.keyspace_misses}` }, { label: '命中率', value: `${i.hit_ratio}%` },
      ]} />
    </MonitorCard>
  );
}

function HitChart({ o }: { o: CacheOverview }) {
  const max = Math.max(1, ...o.commandStats.map((s) => Number(s.value)));
  return (
    <MonitorCard title="命中统计" icon="dashboard" testId="cache-hits">
      <Flex direction="column" gap="2">
        {o.commandStats.map((s) => (
          <Flex key={s.name} align="center" gap="2" fontSize="sm">
            <Text w="140px" flexShrink={0} truncate title={s.name}>{s.name}</Text>
            <Box flex="1" h="10px" bg="gray.100" rounded="full" overflow="hidden">
              <Box h="full" w={`${(Number(s.value) / max) * 100}%`} bg="brand.solid" rounded="full" />
            </Box>
            <Text w="60px" textAlign="right" color="fg.muted">{s.value}</Text>
          </Flex>
        ))}
      </Flex>
    </MonitorCard>
  );
}

function CacheTable({ o }: { o: CacheOverview }) {
  return (
    <MonitorCard title="缓存明细" icon="redis" testId="cache-table">
      <InfoTable head={['缓存名称', '备注', '键数量', '内存估算', '命中', '未命中', '命中率']} nowrap
        rows={o.caches.map((c) => [c.cacheName, c.remark, c.keyCount, formatBytes(c.bytes), c.hits, c.misses, <UsageBar key="r" value={c.hitRatio} ratio />])} />
      <Text mt="2" fontSize="xs" color="fg.muted">内存为估算值：每个条目按键与值的 JSON 文本（UTF-8 字节）加 64 字节计。</Text>
    </MonitorCard>
  );
}

export default function CacheMonitor() {
  const trpc = useTRPC();
  const overview = useQuery({ ...trpc.monitor.cache.overview.queryOptions(), gcTime: 0, refetchOnWindowFocus: false });
  const o = overview.data;
  return (
    <Box p="5" data-testid="cache-monitor">
      <Flex mb="4">
        <Button size="xs" variant="subtle" colorPalette="brand" onClick={() => void overview.refetch()} loading={overview.isFetching} data-testid="cache-refresh">
          <Icon name="refresh" />刷新
        </Button>
      </Flex>
      {!o ? (
        <MonitorCard title="基本信息" icon="monitor"><LoadingBody /></MonitorCard>
      ) : (
        <Flex direction="column" gap="4">
          <BasicInfo o={o} />
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            <HitChart o={o} />
            <CacheTable o={o} />
          </SimpleGrid>
        </Flex>
      )}
    </Box>
  );
}
