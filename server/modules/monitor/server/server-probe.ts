/**
 * What 服务监控 reads from the machine (issue 41 §5; RuoYi reads it with OSHI): CPU ticks, memory,
 * the Node process and V8 heap, file systems of given folders. No database access here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerCpu, ServerJvm, ServerMem, ServerSys, ServerSysFile } from '../../../../shared/schemas/monitor/server';
import { formatDateTime } from '../../../../shared/utils/date';

/** How long the CPU is sampled (RuoYi sleeps 1 s; here 300 ms, awaited on a timer, never blocking). */
export const CPU_SAMPLE_MS = 300;

const round2 = (n: number) => Math.round(n * 100) / 100;
const GB = 1024 ** 3;
const MB = 1024 ** 2;

interface Ticks { user: number; sys: number; wait: number; idle: number; total: number }

/**
 * All-core CPU ticks: /proc/stat's `cpu` line where it exists (it has iowait; units of USER_HZ,
 * scaled ×10 to ms at 100 Hz), else the sum of os.cpus() times (ms; no iowait: `wait` stays 0).
 */
export function readTicks(procStat: () => string | null = readProcStat): Ticks {
  const line = procStat()?.split('\n').find((l) => l.startsWith('cpu '));
  if (line) {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map((x) => Number(x) * 10);
    const t = { user: user + nice, sys: system + (irq || 0) + (softirq || 0), wait: iowait || 0, idle, steal: steal || 0 };
    return { user: t.user, sys: t.sys, wait: t.wait, idle: t.idle, total: t.user + t.sys + t.wait + t.idle + t.steal };
  }
  let user = 0; let sys = 0; let idle = 0; let irq = 0;
  for (const c of os.cpus()) { user += c.times.user + c.times.nice; sys += c.times.sys; idle += c.times.idle; irq += c.times.irq; }
  return { user, sys: sys + irq, wait: 0, idle, total: user + sys + irq + idle };
}

function readProcStat(): string | null {
  try {
    return fs.readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
}

/** RuoYi's Cpu from two tick readings: sys/used/wait/free as % of the ticks between them. */
export function cpuBetween(a: Ticks, b: Ticks, cpuNum: number): ServerCpu {
  const total = b.total - a.total;
  const pct = (x: number) => (total > 0 ? round2((x / total) * 100) : 0);
  return { cpuNum, total, sys: pct(b.sys - a.sys), used: pct(b.user - a.user), wait: pct(b.wait - a.wait), free: pct(b.idle - a.idle) };
}

/** Samples the CPU over CPU_SAMPLE_MS (awaits a timer; the event loop keeps serving). */
export async function sampleCpu(ms = CPU_SAMPLE_MS): Promise<ServerCpu> {
  const a = readTicks();
  await sleep(ms);
  return cpuBetween(a, readTicks(), os.availableParallelism?.() ?? os.cpus().length);
}

/** Machine memory in GB (RuoYi Mem): used = total − available. */
export function memory(): ServerMem {
  const total = os.totalmem();
  const free = os.freemem();
  return { total: round2(total / GB), used: round2((total - free) / GB), free: round2(free / GB), usage: total > 0 ? round2(((total - free) / total) * 100) : 0 };
}

/** `x天x小时x分钟` (RuoYi DateUtils.timeDistance). */
export function timeDistance(ms: number): string {
  const min = Math.floor(ms / 60000);
  return `${Math.floor(min / 1440)}天${Math.floor((min % 1440) / 60)}小时${min % 60}分钟`;
}

/** The Node process under RuoYi's Jvm keys (heap figures in MB from process.memoryUsage and v8). */
export function nodeProcess(now: number): ServerJvm {
  const m = process.memoryUsage();
  const limit = v8.getHeapStatistics().heap_size_limit;
  const upMs = Math.round(process.uptime() * 1000);
  return {
    name: 'Node.js', version: process.version, startTime: formatDateTime(now - upMs), runTime: timeDistance(upMs), home: process.execPath,
    total: round2(m.heapTotal / MB), max: round2(limit / MB), used: round2(m.heapUsed / MB), free: round2((m.heapTotal - m.heapUsed) / MB),
    usage: m.heapTotal > 0 ? round2((m.heapUsed / m.heapTotal) * 100) : 0,
    inputArgs: `[${process.execArgv.join(', ')}]`, rss: round2(m.rss / MB), v8Version: process.versions.v8,
  };
}

/** The first non-internal IPv4 address, else 127.0.0.1 (RuoYi IpUtils.getHostIp). */
function hostIp(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

/** RuoYi's Sys. */
export function system(): ServerSys {
  return { computerName: os.hostname(), computerIp: hostIp(), userDir: process.cwd(), osName: os.type(), osArch: os.arch() };
}

/** RuoYi convertFileSize: `1.5 GB`, `120 MB`, `12.3 MB`, `4.0 KB`, `12 B`. */
export function fileSizeText(size: number): string {
  const fmt = (f: number, unit: string) => `${f > 100 ? f.toFixed(0) : f.toFixed(1)} ${unit}`;
  if (size >= GB) return `${(size / GB).toFixed(1)} GB`;
  if (size >= MB) return fmt(size / MB, 'MB');
  if (size >= 1024) return fmt(size / 1024, 'KB');
  return `${size} B`;
}

/** Names of common statfs magic numbers (Linux); others print as hex. */
const FS_TYPES: Record<number, string> = {
  0xef53: 'ext4', 0x58465342: 'xfs', 0x9123683e: 'btrfs', 0x01021994: 'tmpfs', 0x794c7630: 'overlay', 0x6969: 'nfs',
  0x65735546: 'fuse', 0x5346544e: 'ntfs', 0x4d44: 'vfat', 0x2fc12fc1: 'zfs', 0x858458f6: 'ramfs', 0x9fa0: 'proc',
};

/** The nearest existing folder of `dir` (a folder not created yet is measured where it would be). */
function existing(dir: string): string {
  let d = path.resolve(dir);
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}

/** The file system of each `{dir, label}` (fs.statfs): RuoYi SysFile with `typeName` = our label. */
export async function fileSystems(dirs: { dir: string; label: string }[]): Promise<ServerSysFile[]> {
  const out: ServerSysFile[] = [];
  for (const { dir, label } of dirs) {
    try {
      const s = await fs.promises.statfs(existing(dir));
      const total = s.blocks * s.bsize;
      const free = s.bavail * s.bsize;
      const used = total - s.bfree * s.bsize;
      out.push({
        dirName: path.resolve(dir), sysTypeName: FS_TYPES[s.type] ?? `0x${s.type.toString(16)}`, typeName: label,
        total: fileSizeText(total), free: fileSizeText(free), used: fileSizeText(used), usage: total > 0 ? round2((used / total) * 100) : 0,
      });
    } catch {
      // A folder that cannot be measured is left out.
    }
  }
  return out;
}

/** Size in bytes of a file, 0 when it does not exist. */
export function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
