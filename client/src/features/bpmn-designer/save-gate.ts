/**
 * What 保存模型 does before exporting (workflow spec §5 "Designer and listeners"): runs the pure
 * save check (modeler/save-check) over the diagram plus the panel's refused drafts; an error is
 * shown ('节点名称不能为空', 'Id 不能为空') with its element marked and selected, and the save
 * stops; user tasks nobody can receive ask a 系统提示 confirm the user may accept.
 */
import { confirmWarning } from '../../components/feedback/actions';
import { msgError } from '../../lib/modal/toaster';
import type { DesignerModeler } from './modeler/create-modeler';
import { clearInvalidMarks, markInvalid } from './modeler/mark-invalid';
import { refusedDrafts } from './modeler/refused-drafts';
import { checkModel, firstError, unassignedWarning, type CheckedElement } from './modeler/save-check';

/** Resolves true when the diagram may be saved (no error, and any warning accepted). */
export async function passSaveGate(modeler: DesignerModeler): Promise<boolean> {
  clearInvalidMarks(modeler);
  let roots: CheckedElement[] | undefined;
  try {
    roots = (modeler.getDefinitions() as unknown as { rootElements?: CheckedElement[] }).rootElements;
  } catch {
    roots = undefined;
  }
  const check = checkModel(roots);
  const error = firstError(check, refusedDrafts());
  if (error) {
    msgError(error.message);
    markInvalid(modeler, error.elementId);
    return false;
  }
  const warning = unassignedWarning(check.unassigned);
  if (!warning) return true;
  markInvalid(modeler, check.unassigned[0].elementId);
  const ok = await confirmWarning(warning);
  clearInvalidMarks(modeler);
  return ok;
}
