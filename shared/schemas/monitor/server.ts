/**
 * 服务监控 shape (issue 41 §5; RuoYi's Server: cpu, mem, jvm, sys, sysFiles) with Node instead of
 * the JVM under RuoYi's `jvm` keys, plus `db` (the SQLite file and its WAL).
 */

/** CPU over the sample (RuoYi Cpu): percentages with two decimals; `total` = CPU ticks sampled (ms, all cores). */
export interface ServerCpu {
  cpuNum: number;
  total: number;
  sys: number;
  used: number;
  wait: number;
  free: number;
}

/** Memory of the machine in GB (two decimals); usage in %. */
export interface ServerMem {
  total: number;
  used: number;
  free: number;
  usage: number;
}

/** The Node process under RuoYi's Jvm keys: V8 heap in MB, usage in %. */
export interface ServerJvm {
  name: string;
  version: string;
  /** `yyyy-MM-dd HH:mm:ss` */
  startTime: string;
  /** `x天x小时x分钟` */
  runTime: string;
  /** The node executable. */
  home: string;
  /** Heap allocated now (heapTotal). */
  total: number;
  /** Heap limit (heap_size_limit). */
  max: number;
  free: number;
  used: number;
  usage: number;
  /** `[--flag, ...]` as RuoYi prints the JVM's arguments. */
  inputArgs: string;
  /** Resident set size of the process (MB; ours). */
  rss: number;
  /** V8 version (ours). */
  v8Version: string;
}

export interface ServerSys {
  computerName: string;
  computerIp: string;
  userDir: string;
  osName: string;
  osArch: string;
}

/** One watched folder's file system (RuoYi SysFile: sizes as `12.3 GB` text, usage in %). */
export interface ServerSysFile {
  dirName: string;
  sysTypeName: string;
  typeName: string;
  total: string;
  free: string;
  used: string;
  usage: number;
}

/** The SQLite database (ours). Sizes in bytes, with RuoYi-style texts. */
export interface ServerDb {
  path: string;
  inMemory: boolean;
  size: number;
  sizeText: string;
  walSize: number;
  walSizeText: string;
  pageSize: number;
  pageCount: number;
  freePages: number;
  journalMode: string;
  sqliteVersion: string;
}

/** `GET /monitor/server` data. */
export interface ServerInfo {
  cpu: ServerCpu;
  mem: ServerMem;
  jvm: ServerJvm;
  sys: ServerSys;
  sysFiles: ServerSysFile[];
  db: ServerDb;
}
