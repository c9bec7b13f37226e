/**
 * Code generator services — CONTRACT STUB, replaced by the real implementation this session.
 */
import type { AppDeps } from '../../../core/deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import type { FileReply } from '../../../core/files';
import type { Page } from '../../../core/pagination';
import type { GenColumnRow, GenDbTableRow, GenListInput, GenTableRow, GenUpdateInput } from '../../../../shared/schemas/tool/gen';
import type { z } from 'zod';
import type { genDbListInput, genListInput, genUpdateInput } from '../../../../shared/schemas/tool/gen';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'env'>;
const todo = (): never => { throw new AppError(500, 'not implemented'); };

export const genList = (_deps: Deps, _f: z.output<typeof genListInput>): Page<GenTableRow> => todo();
export const genDbList = (_deps: Deps, _f: z.output<typeof genDbListInput>): Page<GenDbTableRow> => todo();
export const genGet = (_deps: Deps, _tableId: number): { info: GenTableRow; rows: GenColumnRow[]; tables: GenTableRow[] } => todo();
export const genColumns = (_deps: Deps, _tableId: number): { rows: GenColumnRow[]; total: number } => todo();
export const genUpdate = (_deps: Deps, _login: LoginUser, _f: z.output<typeof genUpdateInput>): void => todo();
export const genImport = (_deps: Deps, _login: LoginUser, _tables: string[]): void => todo();
export const genCreateTable = (_deps: Deps, _login: LoginUser, _sql: string): void => todo();
export const genPreview = async (_deps: Deps, _tableId: number): Promise<Record<string, string>> => todo();
export const genRemove = (_deps: Deps, _ids: number[]): void => todo();
export const genToPath = async (_deps: Deps, _tableName: string): Promise<{ files: string[] }> => todo();
export const genSynchDb = (_deps: Deps, _login: LoginUser, _tableName: string): void => todo();
export const genZip = async (_deps: Deps, _tableName: string): Promise<FileReply> => todo();
export const genBatchZip = async (_deps: Deps, _tables: string[]): Promise<FileReply> => todo();
export type { GenListInput, GenUpdateInput };
