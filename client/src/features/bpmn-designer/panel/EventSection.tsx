/**
 * 事件定义 section (issue 13 C "a Chinese panel for each new element"): timer (类型 指定时间 /
 * 持续时间 / 循环 and 值 with an ISO 8601 hint), message / signal / error (a select of the global
 * definitions with 新增/编辑 of them: ID, 名称, 错误编码 for errors, 信号范围 for signals), and 中断 for boundary
 * events (cancelActivity) and event sub-process starts (isInterrupting). Definitions are edited in
 * place; deleting one still referenced is refused. Data in forms/events.ts.
 */
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { PanelTarget } from './usePanelTarget';
import { PanelButton } from './DialogShell';
import type { EditableColumn } from './EditableTable';
import { TableDialog } from './ProcessDialogs';
import { Row, SelectControl, SelectRow, SwitchRow, TextRow } from './fields';
import {
  eventDefinition, eventKind, globalsInUse, isEventSubProcessStart, readGlobals, readInterrupting, readRef, readTimer, REF_PROP, SIGNAL_SCOPES, TIMER_TYPES,
  timerError, validateGlobals, writeGlobals, writeInterrupting, writeRef, writeTimer, type GlobalRow, type TimerType,
} from './forms/events';

/** The rows of the 事件定义 section for the selected event. */
export function EventDefinitionRows({ target }: { target: PanelTarget }) {
  const def = eventDefinition(target.bo);
  const kind = eventKind(target.bo);
  const interrupting = target.bo.$type === 'bpmn:BoundaryEvent' || isEventSubProcessStart(target.bo);
  return (
    <>
      {kind === 'timer' && def && <TimerRows target={target} def={def} />}
      {(kind === 'message' || kind === 'signal' || kind === 'error') && def && <RefRows target={target} def={def} kind={kind} />}
      {kind === 'terminate' && <Text fontSize="sm" color="#606266" mb="3" data-testid="panel-terminate">终止结束事件: 到达时结束整个流程实例</Text>}
      {kind === 'none' && <Text fontSize="sm" color="#909399" mb="3">无事件定义 (可通过「更改类型」选择定时 / 消息 / 信号等)</Text>}
      {interrupting && !(target.bo.$type === 'bpmn:BoundaryEvent' && kind === 'error') && (
        <SwitchRow label="中断" checked={readInterrupting(target.bo)} testId="panel-interrupting" onChange={(v) => writeInterrupting(target.ops, target.bo, v)} />
      )}
    </>
  );
}

function TimerRows({ target, def }: { target: PanelTarget; def: PanelTarget['bo'] }) {
  const timer = readTimer(def);
  const [type, setType] = useState<TimerType>(timer.type || 'timeDuration');
  const hint = TIMER_TYPES.find((t) => t.value === type)?.hint ?? '';
  return (
    <>
      <SelectRow label="定时类型" value={type} allowEmpty={false} testId="panel-timer-type" options={TIMER_TYPES.map((t) => ({ value: t.value, label: t.label }))}
        onChange={(v) => {
          setType(v as TimerType);
          if (timer.value) writeTimer(target.ops, def, v as TimerType, timer.value);
        }} />
      <TextRow label="定时值" value={timer.type === type ? timer.value : ''} required placeholder={hint} testId="panel-timer-value"
        validate={(v) => timerError(type, v)} onCommit={(v) => !timerError(type, v) && writeTimer(target.ops, def, type, v)} />
      <Text fontSize="xs" color="#909399" mt="-2" mb="3" ml="96px">ISO 8601: {hint}</Text>
    </>
  );
}

function RefRows({ target, def, kind }: { target: PanelTarget; def: PanelTarget['bo']; kind: 'message' | 'signal' | 'error' }) {
  const [open, setOpen] = useState(false);
  const { type, label } = REF_PROP[kind];
  const globals = readGlobals(target.definitions, type);
  const value = readRef(def, kind);
  const options = globals.map((g) => ({ value: g.id, label: `${g.name || g.id}${kind === 'error' && g.errorCode ? ` [${g.errorCode}]` : ''} (${g.id})` }));
  const columns: EditableColumn<GlobalRow>[] = [
    ...(kind === 'signal' ? [{ key: 'scope' as const, title: '信号范围', kind: 'select' as const, width: '130px', options: SIGNAL_SCOPES }] : []),
    { key: 'id' as const, title: `${label} ID` },
    { key: 'name' as const, title: `${label}名称` },
    ...(kind === 'error' ? [{ key: 'errorCode' as const, title: '错误编码' }] : []),
  ];
  return (
    <>
      <Row label={label} required>
        <SelectControl value={value} options={options} testId={`panel-${kind}-ref`} label={label} onChange={(v) => writeRef(target.ops, def, kind, target.definitions, v)} />
        <PanelButton onClick={() => setOpen(true)} testId={`panel-${kind}-edit`}>新增/编辑{label}</PanelButton>
      </Row>
      <TableDialog<GlobalRow>
        open={open} value={globals} title={`${label}定义`} width="700px" testId={`${kind}-dialog`} tableTestId={`${kind}-table`}
        validate={(rows) => validateGlobals(rows, target.idTaken)}
        confirmError={(rows) => globalsInUse(target.definitions, type, globals, rows)}
        newRow={() => ({ id: '', name: '', errorCode: '', ...(kind === 'signal' ? { scope: 'global' } : {}) })}
        columns={columns}
        onClose={() => setOpen(false)}
        onConfirm={(rows) => {
          if (target.definitions) {
            writeGlobals(target.ops, target.definitions, type, rows);
            // A single new definition with nothing referenced yet is picked for the event.
            if (!value && rows.length) writeRef(target.ops, def, kind, target.definitions, rows[rows.length - 1].id.trim());
          }
          setOpen(false);
        }}
      />
    </>
  );
}
