/**
 * 流转条件 of a sequence flow (condition as tFormalExpression; no skip expression: the engine
 * refuses it, REFUSED_ATTRIBUTES) and the default
 * flow of exclusive / inclusive gateways (workflow spec §2; reference §6).
 */
import type { PanelTarget } from './usePanelTarget';
import { SelectRow, TextRow } from './fields';
import { outgoingOptions, readCondition, readDefaultFlow, writeCondition, writeDefaultFlow } from './forms/flow';

export function ConditionRows({ target }: { target: PanelTarget }) {
  const { bo, ops } = target;
  const source = bo.get('sourceRef') as { $type?: string; get?(n: string): unknown } | undefined;

  const isDefault = (source?.get?.('default') as { id?: string } | undefined)?.id === bo.id;
  return (
    <>
      <TextRow label="条件表达式" value={readCondition(bo)} multiline testId="panel-condition" placeholder={isDefault ? '默认连线无需条件' : '如 ${amount > 1000}'}
        onCommit={(v) => writeCondition(ops, bo, v)} />
    </>
  );
}

export function DefaultFlowRow({ target }: { target: PanelTarget }) {
  return (
    <SelectRow label="默认连线" value={readDefaultFlow(target.bo)} options={outgoingOptions(target.bo)} testId="panel-default-flow"
      onChange={(v) => writeDefaultFlow(target.ops, target.bo, v)} />
  );
}
