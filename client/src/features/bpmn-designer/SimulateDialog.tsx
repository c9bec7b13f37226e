/**
 * The designer's 流程模拟 dialog (issue 16 "流程模拟 (dry run)"): 流程变量 as a JSON object, 最大步数,
 * and per user task of the current model an optional 办理人 (user id, or picked with the workflow
 * user picker) and 提交变量; 开始模拟 sends the modeler's current XML to
 * `flowable.definition.simulate` (nothing is deployed) and shows the answer: how it ended, the
 * error in red naming its element, the model's problems, and the tasks created (节点, 接收人/候选,
 * 办理人). The canvas marks (modeler/simulate-marks.ts) follow `result`, owned by ProcessDesigner;
 * 清除模拟 clears it. `SimulateBar` keeps the summary and 清除模拟 over the canvas once closed.
 */
import { Box, Button, Flex, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AppDialog } from '../../components/feedback/AppDialog';
import { DataTable, type DataColumn } from '../../components/table/DataTable';
import { FlowUserPicker } from '../../components/pickers/FlowPickers';
import { useTRPC } from '../../lib/trpc';
import { SIMULATE_DEFAULT_STEPS } from '../../../../shared/schemas/flowable/simulate-limits';
import { Icon } from '../../components/Icon';
import type { DesignerModeler } from './modeler/create-modeler';
import { problemLine } from './modeler/mark-invalid';
import {
  actorText, elementNames, errorText, receiverText, simulateRequest, summaryText, taskNodeText, userTasksOf, type SimForm, type SimResult, type SimTask, type SimUserTask,
} from './simulate-view';

interface Registry { getAll(): Array<{ id: string; type: string; businessObject?: { name?: string } }> }

export interface SimulateDialogProps {
  open: boolean;
  modeler: DesignerModeler | null;
  /** The modeler's current XML (null when it cannot be exported; the caller shows why). */
  getXml(): Promise<string | null>;
  result: SimResult | null;
  onResult(result: SimResult | null): void;
  onClose(): void;
}

/** A user chosen with 选择 for a task's 办理人. */
interface PickedUser { userId: string; nickName: string }

const EMPTY_FORM: SimForm = { variables: '', handlers: {}, taskVariables: {}, maxSteps: '' };
const cellInput = { size: 'xs' as const, bg: 'white' };

/** The 办理人 / 提交变量 rows of the model's user tasks. */
function HandlerTable({ tasks, form, names, onForm, onPick }: {
  tasks: SimUserTask[]; form: SimForm; names: Record<string, PickedUser>;
  onForm(f: SimForm): void; onPick(taskId: string): void;
}) {
  // The picked user's name, only while the field still holds that user's id (not after a hand edit).
  const pickedName = (taskId: string) => {
    const p = names[taskId];
    return p && p.userId === (form.handlers[taskId] ?? '').trim() ? p.nickName : undefined;
  };
  const columns: DataColumn<SimUserTask>[] = [
    { key: 'name', title: '用户任务', width: 150, render: (t) => <Text truncate title={t.id}>{t.name}</Text> },
    {
      key: 'handler', title: '办理人', width: 230, render: (t) => (
        <Flex gap="1" align="center">
          <Input {...cellInput} w="90px" placeholder="默认" value={form.handlers[t.id] ?? ''} data-testid={`sim-handler-${t.id}`}
            onChange={(e) => onForm({ ...form, handlers: { ...form.handlers, [t.id]: e.target.value } })} />
          <Button size="2xs" variant="outline" onClick={() => onPick(t.id)}>选择</Button>
          {pickedName(t.id) && <Text fontSize="xs" color="fg.muted" truncate data-testid={`sim-handler-name-${t.id}`}>{pickedName(t.id)}</Text>}
        </Flex>
      ),
    },
    {
      key: 'vars', title: '提交变量 (JSON)', render: (t) => (
        <Input {...cellInput} placeholder='如 {"approved": true}' value={form.taskVariables[t.id] ?? ''} data-testid={`sim-task-vars-${t.id}`}
          onChange={(e) => onForm({ ...form, taskVariables: { ...form.taskVariables, [t.id]: e.target.value } })} />
      ),
    },
  ];
  return <DataTable columns={columns} data={tasks} rowKey="id" emptyText="模型中没有用户任务" testId="sim-handlers" />;
}

type TaskRow = SimTask & { row: number };
const TASK_COLUMNS: DataColumn<TaskRow>[] = [
  { key: 'name', title: '节点', render: taskNodeText, truncate: true },
  { key: 'receiver', title: '接收人/候选', render: receiverText, truncate: true },
  { key: 'actor', title: '办理人', render: actorText, width: 120, truncate: true },
];

/** The answer: summary, error, problems, tasks, log lines. */
function ResultView({ result, names }: { result: SimResult; names: Record<string, string> }) {
  const error = errorText(result, names);
  const rows = result.tasks.map((t, row) => ({ ...t, row }));
  return (
    <Stack gap="2" data-testid="sim-result">
      <Text fontSize="sm" fontWeight="medium" color={result.error || result.problems?.length ? 'red.600' : result.ended ? 'green.700' : 'orange.600'}
        data-testid="sim-summary">
        {summaryText(result, names)}
      </Text>
      {error && (
        <Box px="3" py="2" borderRadius="md" bg="#fef0f0" borderWidth="1px" borderColor="#fbc4c4" color="#c45656" fontSize="sm" data-testid="sim-error">
          {error}
        </Box>
      )}
      {!!result.problems?.length && (
        <Box px="3" py="2" borderRadius="md" bg="#fef0f0" color="#c45656" fontSize="sm" data-testid="sim-problems">
          {result.problems.map((p, i) => <Text key={i}>{problemLine(p)}</Text>)}
        </Box>
      )}
      {!result.problems?.length && <DataTable columns={TASK_COLUMNS} data={rows} rowKey="row" emptyText="没有产生任务" testId="sim-tasks" maxH="220px" />}
      {!!result.logs?.length && <Text fontSize="xs" color="fg.muted">服务日志: {result.logs.join('；')}</Text>}
    </Stack>
  );
}

/** The 流程模拟 dialog; see the file comment. */
export function SimulateDialog({ open, modeler, getXml, result, onResult, onClose }: SimulateDialogProps) {
  const trpc = useTRPC();
  const simulate = useMutation(trpc.flowable.definition.simulate.mutationOptions());
  const [form, setForm] = useState<SimForm>(EMPTY_FORM);
  const [formError, setFormError] = useState<string | null>(null);
  const [pickFor, setPickFor] = useState<string | null>(null);
  const [pickedNames, setPickedNames] = useState<Record<string, PickedUser>>({});
  const tasks = useMemo(() => (open && modeler ? userTasksOf(modeler.get<Registry>('elementRegistry').getAll()) : []), [open, modeler]);
  const names = useMemo(() => (open && modeler ? elementNames(modeler.get<Registry>('elementRegistry').getAll()) : {}), [open, modeler]);

  const run = async () => {
    const xml = await getXml();
    if (xml == null) return;
    const ids = new Set(tasks.map((t) => t.id));
    const only = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).filter(([k]) => ids.has(k)));
    const req = simulateRequest(xml, { ...form, handlers: only(form.handlers), taskVariables: only(form.taskVariables) });
    if ('error' in req) { setFormError(req.error); return; }
    setFormError(null);
    onResult(null);
    onResult(await simulate.mutateAsync(req.input));
  };

  return (
    <AppDialog open={open} title="流程模拟" width="860px" scroll="inside" testId="sim-dialog" onClose={onClose}
      footer={(
        <Flex gap="2">
          <Button size="sm" variant="outline" onClick={() => onResult(null)} disabled={!result} data-testid="sim-clear">清除模拟</Button>
          <Button size="sm" colorPalette="brand" onClick={() => void run().catch(() => undefined)} loading={simulate.isPending} loadingText="模拟中"
            data-testid="sim-run">
            <Icon name="play" />开始模拟
          </Button>
          <Button size="sm" variant="outline" onClick={onClose}>关 闭</Button>
        </Flex>
      )}>
      <Stack gap="3">
        <Text fontSize="xs" color="fg.muted">按当前画布上的模型试运行，不会部署，也不会产生任何数据；定时器、消息和信号不会触发。</Text>
        <Flex gap="4" align="flex-start">
          <Box flex="1">
            <Text fontSize="sm" mb="1">流程变量</Text>
            <Textarea size="sm" rows={4} fontFamily="mono" placeholder='{"amount": 5000}' value={form.variables} data-testid="sim-variables"
              borderColor={formError ? 'red.500' : undefined} onChange={(e) => setForm({ ...form, variables: e.target.value })} />
            {formError && <Text fontSize="xs" color="red.600" mt="1" data-testid="sim-form-error">{formError}</Text>}
          </Box>
          <Box w="120px">
            <Text fontSize="sm" mb="1">最大步数</Text>
            <Input size="sm" placeholder={String(SIMULATE_DEFAULT_STEPS)} value={form.maxSteps} data-testid="sim-max-steps" onChange={(e) => setForm({ ...form, maxSteps: e.target.value })} />
          </Box>
        </Flex>
        <Box>
          <Text fontSize="sm" mb="1">办理人 <Text as="span" fontSize="xs" color="fg.muted">（留空则依次取: 指定的办理人、第一个候选人、候选组中的第一个用户、当前用户）</Text></Text>
          <HandlerTable tasks={tasks} form={form} names={pickedNames} onForm={setForm} onPick={setPickFor} />
        </Box>
        {result && <ResultView result={result} names={names} />}
      </Stack>
      <FlowUserPicker open={pickFor !== null} multiple={false} title="选择办理人" onClose={() => setPickFor(null)}
        onConfirm={(users) => {
          const u = users[0];
          if (u && pickFor) {
            setForm({ ...form, handlers: { ...form.handlers, [pickFor]: String(u.userId) } });
            setPickedNames({ ...pickedNames, [pickFor]: { userId: String(u.userId), nickName: u.nickName } });
          }
          setPickFor(null);
        }} />
    </AppDialog>
  );
}

/** Over the canvas once the dialog is closed: the summary of the marks shown, 查看结果 and 清除模拟. */
export function SimulateBar({ result, modeler, onOpen, onClear }: { result: SimResult; modeler: DesignerModeler | null; onOpen(): void; onClear(): void }) {
  const names = useMemo(() => (modeler && result ? elementNames(modeler.get<Registry>('elementRegistry').getAll()) : {}), [modeler, result]);
  return (
    <Flex position="absolute" left="76px" bottom="3" zIndex="2" align="center" gap="2" px="3" py="1.5" bg="white" borderWidth="1px" borderRadius="md"
      borderColor={result.error ? '#fbc4c4' : '#c2e7b0'} boxShadow="sm" fontSize="xs" data-testid="sim-bar">
      <Icon name="play" color={result.error ? '#f56c6c' : '#67c23a'} />
      <Text>流程模拟: {summaryText(result, names)}</Text>
      <Button size="2xs" variant="ghost" colorPalette="brand" onClick={onOpen}>查看结果</Button>
      <Button size="2xs" variant="outline" onClick={onClear} data-testid="sim-bar-clear">清除模拟</Button>
    </Flex>
  );
}
