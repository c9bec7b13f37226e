/**
 * 服务监控 (monitor/server/index; RuoYi views/monitor/server/index.vue): cards CPU (核心数, 用户使用率,
 * 系统使用率, IO 等待率, 当前空闲率), 内存 (服务器 and Node 堆: 总内存, 已用内存, 剩余内存, 使用率),
 * 服务器信息, Node 虚拟机信息 (RuoYi's Java虚拟机信息), 磁盘状态 and 数据库 (file, WAL, pages), from
 * `monitor.server.info` (perm monitor:server:list; the CPU is sampled for 300 ms on each call).
 * 刷新 reads everything again.
 */
import { Box, Button, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { InfoTable, LoadingBody, MonitorCard, PairGrid, UsageBar } from '../../../features/monitor/cards';
import { Icon } from '../../../components/Icon';
import { useTRPC } from '../../../lib/trpc';
import type { ServerInfo } from '../../../../../shared/schemas/monitor/server';

const pct = (n: number) => <UsageBar value={n} />;

function CpuAndMemory({ s }: { s: ServerInfo }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <MonitorCard title="CPU" icon="monitor" testId="server-cpu">
        <InfoTable head={['属性', '值']} rows={[
          ['核心数', s.cpu.cpuNum],
          ['用户使用率', pct(s.cpu.used)],
          ['系统使用率', pct(s.cpu.sys)],
          ['IO 等待率', pct(s.cpu.wait)],
          ['当前空闲率', pct(s.cpu.free)],
        ]} />
      </MonitorCard>
      <MonitorCard title="内存" icon="dashboard" testId="server-mem">
        <InfoTable head={['属性', '服务器内存', 'Node 堆内存']} rows={[
          ['总内存', `${s.mem.total} GB`, `${s.jvm.total} MB`],
          ['已用内存', `${s.mem.used} GB`, `${s.jvm.used} MB`],
          ['剩余内存', `${s.mem.free} GB`, `${s.jvm.free} MB`],
          ['使用率', pct(s.mem.usage), pct(s.jvm.usage)],
        ]} />
      </MonitorCard>
    </SimpleGrid>
  );
}

function ServerAndNode({ s }: { s: ServerInfo }) {
  return (
    <>
      <MonitorCard title="服务器信息" icon="server" testId="server-sys">
        <PairGrid pairs={[
          { label: '服务器名称', value: s.sys.computerName }, { label: '操作系统', value: s.sys.osName },
          { label: '服务器IP', value: s.sys.computerIp }, { label: '系统架构', value: s.sys.osArch },
        ]} />
      </MonitorCard>
      <MonitorCard title="Node 虚拟机信息" icon="tool" testId="server-node">
        <PairGrid pairs={[
          { label: '运行环境', value: s.jvm.name }, { label: '版本', value: `${s.jvm.version}（V8 ${s.jvm.v8Version}）` },
          { label: '启动时间', value: s.jvm.startTime }, { label: '运行时长', value: s.jvm.runTime },
          { label: '堆内存上限', value: `${s.jvm.max} MB` }, { label: '常驻内存', value: `${s.jvm.rss} MB` },
          { label: '安装路径', value: s.jvm.home, wide: true },
          { label: '项目路径', value: s.sys.userDir, wide: true },
          { label: '运行参数', value: s.jvm.inputArgs, wide: true },
        ]} />
      </MonitorCard>
    </>
  );
}

function DisksAndDatabase({ s }: { s: ServerInfo }) {
  return (
    <>
      <MonitorCard title="磁盘状态" icon="document" testId="server-disks">
        <InfoTable head={['目录', '路径', '文件系统', '总大小', '可用大小', '已用大小', '已用百分比']}
          nowrap rows={s.sysFiles.map((f) => [f.typeName, f.dirName, f.sysTypeName, f.total, f.free, f.used, pct(f.usage)])} />
      </MonitorCard>
      <MonitorCard title="数据库" icon="dict" testId="server-db">
        {s.db.inMemory ? (
          <Text fontSize="sm" color="fg.muted">内存数据库（:memory:），无数据库文件</Text>
        ) : (
          <PairGrid pairs={[
            { label: '数据库文件', value: s.db.path, wide: true },
            { label: '文件大小', value: s.db.sizeText }, { label: 'WAL 文件大小', value: s.db.walSizeText },
            { label: '日志模式', value: s.db.journalMode.toUpperCase() }, { label: 'SQLite 版本', value: s.db.sqliteVersion },
            { label: '页大小', value: `${s.db.pageSize} B` }, { label: '页数 / 空闲页', value: `${s.db.pageCount} / ${s.db.freePages}` },
          ]} />
        )}
      </MonitorCard>
    </>
  );
}

export default function ServerMonitor() {
  const trpc = useTRPC();
  const info = useQuery({ ...trpc.monitor.server.info.queryOptions(), gcTime: 0, refetchOnWindowFocus: false });
  const s = info.data;
  return (
    <Box p="5" data-testid="server-monitor">
      <Flex mb="4" align="center" gap="3">
        <Button size="xs" variant="subtle" colorPalette="brand" onClick={() => void info.refetch()} loading={info.isFetching} data-testid="server-refresh">
          <Icon name="refresh" />刷新
        </Button>
        {s && <Text fontSize="xs" color="fg.muted" data-testid="server-sampled">CPU 为 300 毫秒内的采样值</Text>}
      </Flex>
      {!s ? (
        <MonitorCard title="服务监控" icon="server"><LoadingBody lines={6} /></MonitorCard>
      ) : (
        <Flex direction="column" gap="4">
          <CpuAndMemory s={s} />
          <ServerAndNode s={s} />
          <DisksAndDatabase s={s} />
        </Flex>
      )}
    </Box>
  );
}
