/**
 * Data objects at run time (issue 39 item 10; model/data-objects.ts reads them): their values
 * become variables of the scope they are declared in, as Flowable's ProcessInstanceHelper /
 * SubProcessActivityBehavior / CallActivityBehavior do (processDataObjects). Nothing is read or
 * written for a graph without data objects.
 */
import type { DataObjectDef } from '../model/data-objects';

/** The part of a unit of work this needs (store/unit-of-work.ts). */
interface VarSink { setVar(scopeId: string, name: string, value: unknown): void }

/**
 * Sets each data object of `defs` as a variable of scope `scopeId` ('' = the instance, else the
 * sub-process's scope execution id: a local variable). Call before start variables are set,
 * which then override them.
 */
export function initDataObjects(uow: VarSink, scopeId: string, defs: DataObjectDef[] | undefined) {
  if (!defs) return;
  for (const d of defs) uow.setVar(scopeId, d.name, d.value && typeof d.value === 'object' ? JSON.parse(JSON.stringify(d.value)) : d.value);
}
