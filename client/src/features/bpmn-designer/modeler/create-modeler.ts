/**
 * Builds the designer's bpmn-js 18 Modeler (workflow spec §2 "Process model designer";
 * stack-notes "bpmn-js modeler"): the flowable moddle package the engine parses with
 * (shared/bpmn/flowable-moddle.ts), the spec's palette, the user-task append action, the
 * Chinese texts and sequence flows routed around shapes (avoiding-layouter.ts). The property panel (panel/) is React and reads the modeler's services itself.
 */
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { moddlePackages } from '../../../../../shared/bpmn/flowable-moddle';
import { avoidingLayouterModule } from './avoiding-layouter';
import { designerContextPadModule } from './context-pad';
import { designerPaletteModule } from './palette';
import { customTranslateModule } from './zh-cn';
import { ensureFlowableNamespace, findProcess, processInfo, type ModdleLike, type ProcessInfo } from './designer-rules';

export type DesignerModeler = Modeler;

/** A Modeler drawing into `container`. */
export function createDesignerModeler(container: HTMLElement): DesignerModeler {
  const modeler = new Modeler({
    container,
    additionalModules: [customTranslateModule, designerPaletteModule, designerContextPadModule, avoidingLayouterModule],
    moddleExtensions: { flowable: moddlePackages().flowable },
  });
  modeler.on('saveXML.serialized', (e: { xml: string }) => ensureFlowableNamespace(e.xml));
  return modeler;
}

/** Id, name and category of the process on the canvas (null when the diagram has no process). */
export function currentProcessInfo(modeler: DesignerModeler): ProcessInfo | null {
  let definitions: { rootElements?: ModdleLike[] } | undefined;
  try {
    definitions = modeler.getDefinitions() as unknown as { rootElements?: ModdleLike[] };
  } catch {
    return null;
  }
  return processInfo(findProcess(definitions?.rootElements));
}

/** The message of an import/export error (bpmn-js errors carry English texts). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
