/**
 * 服务监控 (issue 41 §5; RuoYi ServerController `GET /monitor/server`, perm `monitor:server:list`):
 * RuoYi's Server shape `{cpu, mem, jvm, sys, sysFiles}` with the Node process under the `jvm` keys,
 * plus `db` (the SQLite file, its WAL and pages). Read afresh on each request; the CPU is sampled
 * over CPU_SAMPLE_MS (server-probe.ts). File systems: the data folder (the database's), the upload
 * folder and `/`.
 */
import path from 'node:path';
import type { AppDeps } from '../../../deps';
import type { ServerDb, ServerInfo } from '../../../../shared/schemas/monitor/server';
import { fileSize, fileSizeText, fileSystems, memory, nodeProcess, sampleCpu, system } from './server-probe';
import { databaseFigures } from './server.repo';
import { databaseName } from '../../../db/store/port';

type Deps = Pick<AppDeps, 'store' | 'env' | 'clock'>;

const isMemory = (url: string) => url === ':memory:' || url.startsWith('file::memory:');

/** A `postgres://` URL as it may be shown: its password replaced by `***`. */

/** The database file, its WAL and its pages (PostgreSQL: its URL without the password, no file sizes). */
async function database(deps: Deps): Promise<ServerDb> {
  const url = deps.env.DATABASE_URL;
  const f = await databaseFigures(deps.store);
  if (deps.store.kind !== 'sqlite') {
    return { path: databaseName(url), inMemory: false, size: 0, sizeText: fileSizeText(0), walSize: 0, walSizeText: fileSizeText(0), ...f };
  }
  const inMemory = isMemory(url);
  const file = inMemory ? url : path.resolve(url);
  const size = inMemory ? 0 : fileSize(file);
  const walSize = inMemory ? 0 : fileSize(`${file}-wal`);
  return { path: file, inMemory, size, sizeText: fileSizeText(size), walSize, walSizeText: fileSizeText(walSize), ...f };
}

/** `GET /monitor/server` → ServerInfo (shared/schemas/monitor/server.ts). Never fails on a folder it cannot measure (left out). */
export async function serverInfo(deps: Deps): Promise<ServerInfo> {
  const cpu = await sampleCpu();
  const url = deps.env.DATABASE_URL;
  const dirs = [
    ...(isMemory(url) || deps.store.kind !== 'sqlite' ? [] : [{ dir: path.dirname(path.resolve(url)), label: '数据目录' }]),
    { dir: deps.env.UPLOAD_DIR, label: '上传目录' },
    { dir: path.parse(process.cwd()).root, label: '根目录' },
  ];
  return { cpu, mem: memory(), jvm: nodeProcess(deps.clock.now()), sys: system(), sysFiles: await fileSystems(dirs), db: await database(deps) };
}
