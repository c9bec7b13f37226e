/**
 * 常规: id, name and documentation of any element (workflow spec §3 "Flow node properties",
 * §5 Id 不能为空 / 节点名称不能为空). A refused id draft is reported to modeler/refused-drafts so
 * 保存模型 refuses instead of saving under the old id.
 */
import { useCallback } from 'react';
import { reportRefusedDraft } from '../modeler/refused-drafts';
import type { PanelTarget } from './usePanelTarget';
import { TextRow } from './fields';
import { idError, MSG_NAME_REQUIRED, readGeneral, writeDocumentation, writeId, writeName } from './forms/general';

/** The id / name / documentation rows; `nameRequired` for flow nodes. */
export function GeneralFields({ target, nameRequired, showDocumentation = true }: { target: PanelTarget; nameRequired: boolean; showDocumentation?: boolean }) {
  const { bo, ops } = target;
  const form = readGeneral(bo);
  const what = target.kind === 'process' ? '流程' : target.kind === 'sequenceFlow' ? '连线' : '节点';
  const isProcess = target.kind === 'process';
  const elementId = target.element.id;
  // A refused id draft (e.g. 流程标识 cleared) keeps the old id in the model: 保存模型 must see it.
  const onRefusedId = useCallback(
    (error: string | undefined) => reportRefusedDraft(`${elementId}:id`, error ? { elementId: isProcess ? null : elementId, message: error } : null),
    [elementId, isProcess],
  );
  return (
    <>
      <TextRow
        label={target.kind === 'process' ? '流程标识' : `${what} ID`}
        value={form.id}
        required
        testId="panel-id"
        validate={(v) => idError(v, form.id, target.idTaken)}
        onCommit={(v) => !idError(v, form.id, target.idTaken) && writeId(ops, bo, v)}
        onRefusedDraft={onRefusedId}
      />
      <TextRow
        label={`${what}名称`}
        value={form.name}
        required={nameRequired}
        testId="panel-name"
        validate={nameRequired ? (v) => (v.trim() ? undefined : MSG_NAME_REQUIRED) : undefined}
        onCommit={(v) => writeName(ops, bo, v)}
      />
      {showDocumentation && (
        <TextRow label={`${what}描述`} value={form.documentation} multiline testId="panel-documentation" onCommit={(v) => writeDocumentation(ops, bo, v)} />
      )}
    </>
  );
}
