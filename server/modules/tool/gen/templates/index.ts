/**
 * The generator's templates — CONTRACT STUB, replaced this session.
 */
import type { GenFile, GenTableModel } from '../gen-model';

/** Current text of the two registry files the generator re-emits (null when absent). */
export interface RegistrySources {
  /** server/modules/generated.ts */
  modules: string | null;
  /** server/rest/routes/generated.ts */
  rest: string | null;
}

/**
 * Every file of the module for `model`, formatted with Prettier, in a stable order, plus the two
 * registry files re-emitted with this module added. Paths relative to the project root.
 */
export async function renderModule(_model: GenTableModel, _registries: RegistrySources): Promise<GenFile[]> {
  throw new Error('not implemented');
}

/** Registry file paths, relative to the project root. */
export const REGISTRY_PATHS = { modules: 'server/modules/generated.ts', rest: 'server/rest/routes/generated.ts' } as const;
