/**
 * 待办处理 (route flowable/task/todo/detail/index; workflow spec §2 "Task-handling screen", §4
 * "Task actions", §5 "Task handling", §8; reference §6 Task form / Next-node probe / Complete /
 * Reject / Return / Delegate). Query: taskName, startUser, deployId, taskId, procInsId,
 * executionId. Header: 发起人, 任务节点 and 审批 / 退回 / 驳回 / 委派 / 抄送, on a countersign 加签 /
 * 减签 (issue 16) / 关闭. Tabs: 表单信息 (the
 * start form read-only, plus the node's own form editable when formKeyExist), 流转记录 (a failed
 * load goes to /task/process?t=), 流程图 (loaded when opened). Success → the server msg, the tab
 * closes and /task/todo opens.
 */
import { Box, Button, Flex, Spinner } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useFlowPage } from '../../../../../features/flow-view/useFlowPage';
import { msgSuccess } from '../../../../../lib/modal/toaster';
import { closeOpenPage } from '../../../../../lib/close-page';
import { useTRPC } from '../../../../../lib/trpc';
import { FlowUserPicker } from '../../../../../components/pickers/FlowPickers';
import { Empty, FlowDetailCard, FlowDiagramPanel, FlowRecordPanel, type NextNodeInfo } from '../../../../../features/flow-view';
import { FormRenderer, formVariables, type FormConf, type FormRendererHandle, type FormSubmit } from '../../../../../components/form-render';
import { ApproveDialog, CopyDialog, RejectDialog, ReturnDialog } from './TaskDialogs';
import { AddSignDialog, RemoveSignDialog } from './SignDialogs';
import { useUser } from '../../../../../lib/stores/user-store';
import { completeVariables, successMsg } from './task-rules';

type DialogName = 'approve' | 'return' | 'reject' | 'delegate' | 'copy' | 'addSign' | 'removeSign' | null;

export default function TodoDetail() {
  const { params, taskId, procInsId, deployId, pathname, navigate, tab, setTab } = useFlowPage('form');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogName>(null);
  const [probing, setProbing] = useState(false);
  const [next, setNext] = useState<NextNodeInfo | null>(null);
  const [submitted, setSubmitted] = useState<FormSubmit | null>(null);
  const [returnTarget, setReturnTarget] = useState<string | undefined>();
  const form = useRef<FormRendererHandle>(null);

  // 加签 / 减签 only on a countersign (issue 16).
  // 退回 from the flow record (issue 16): the nodes the task may return to.
  const returnable = useQuery({ ...trpc.flowable.task.returnList.queryOptions({ taskId }), enabled: !!taskId && tab === 'record', retry: false });
  const returnKeys = useMemo(() => new Set((returnable.data ?? []).map((n) => n.id)), [returnable.data]);
  const signers = useQuery({ ...trpc.flowable.task.signers.queryOptions({ taskId }), enabled: !!taskId, retry: false });
  const countersign = !!signers.data?.multiInstance;
  const taskForm = useQuery({ ...trpc.flowable.task.flowTaskForm.queryOptions({ taskId }), enabled: !!taskId, retry: false });
  const ownForm = !!taskForm.data?.formKeyExist;
  // flowTaskForm already lists a node form once, with its saved values (server flowable.service).
  const conf = (taskForm.data?.formData ?? null) as FormConf | null;

  const done = (r: unknown) => {
    msgSuccess(successMsg(r));
    setDialog(null);
    closeOpenPage(pathname, '/task/todo', navigate);
  };
  const complete = useMutation(trpc.flowable.task.complete.mutationOptions({ onSuccess: done }));
  const reject = useMutation(trpc.flowable.task.reject.mutationOptions({ onSuccess: done }));
  const doReturn = useMutation(trpc.flowable.task.return.mutationOptions({ onSuccess: done }));
  const delegate = useMutation(trpc.flowable.task.delegate.mutationOptions({ onSuccess: done }));
  // 抄送 keeps the task open: only the flow record changes.
  const copy = useMutation(trpc.flowable.task.copy.mutationOptions({
    onSuccess: (r) => {
      msgSuccess(`已抄送 ${r.count} 人`);
      setDialog(null);
      void queryClient.invalidateQueries({ queryKey: trpc.flowable.task.flowRecord.pathKey() });
    },
  }));

  const signDone = () => {
    msgSuccess('操作成功');
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: trpc.flowable.task.signers.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.flowable.task.flowRecord.pathKey() });
  };
  // 向前加签 hands this turn to the new signer: the task leaves this user's to-do.
  const addSign = useMutation(trpc.flowable.task.addSign.mutationOptions({ onSuccess: (_r, v) => (v.mode === 'before' ? done(_r) : signDone()) }));
  const removeSign = useMutation(trpc.flowable.task.removeSign.mutationOptions({ onSuccess: signDone }));
  const me = String(useUser().user?.userId ?? '');

  const close = () => closeOpenPage(pathname, '/task/todo', navigate);
  const recordFailed = useCallback(() => closeOpenPage(pathname, `/task/process?t=${Date.now()}`, navigate), [pathname, navigate]);

  /** The node form (when there is one) must validate first; null = invalid. */
  const validateNodeForm = async (): Promise<FormSubmit | null | undefined> => {
    if (!ownForm) return undefined;
    setTab('form');
    return (await form.current?.submit()) ?? null;
  };

  const openApprove = async () => {
    const s = await validateNodeForm();
    if (s === null) return;
    setProbing(true);
    try {
      const r = await queryClient.fetchQuery({ ...trpc.flowable.task.nextFlowNode.queryOptions({ taskId, variables: s ? formVariables(s) : undefined }), staleTime: 0, retry: false });
      setNext((r?.data ?? null) as NextNodeInfo | null);
      setSubmitted(s ?? null);
      setDialog('approve');
    } finally {
      setProbing(false);
    }
  };
  const openChecked = async (name: DialogName, target?: string) => {
    if ((await validateNodeForm()) === null) return;
    setReturnTarget(target);
    setDialog(name);
  };

  const actions = (
    <>
      <Button size="xs" colorPalette="green" onClick={() => void openApprove()} loading={probing} disabled={!taskId} data-testid="task-approve">审批</Button>
      <Button size="xs" colorPalette="orange" variant="subtle" onClick={() => void openChecked('return')} disabled={!taskId} data-testid="task-return">退回</Button>
      <Button size="xs" colorPalette="red" variant="outline" onClick={() => void openChecked('reject')} disabled={!taskId} data-testid="task-reject">驳回</Button>
      <Button size="xs" colorPalette="blue" variant="subtle" onClick={() => void openChecked('delegate')} disabled={!taskId} data-testid="task-delegate">委派</Button>
      <Button size="xs" colorPalette="teal" variant="outline" onClick={() => setDialog('copy')} disabled={!taskId} data-testid="task-copy">抄送</Button>
      {countersign && (
        <>
          <Button size="xs" colorPalette="cyan" variant="outline" onClick={() => setDialog('addSign')} data-testid="task-add-sign">加签</Button>
          <Button size="xs" colorPalette="pink" variant="outline" onClick={() => setDialog('removeSign')} data-testid="task-remove-sign">减签</Button>
        </>
      )}
    </>
  );

  const formTab = taskForm.isPending && taskId ? (
    <Flex justify="center" py="16"><Spinner color="blue.500" /></Flex>
  ) : !conf || !Array.isArray(conf.fields) ? (
    <Empty text="暂无表单信息" />
  ) : (
    <Box maxW="860px" mx="auto" pt="2">
      <FormRenderer ref={form} conf={conf} readOnly={!ownForm} testId="task-form" />
    </Box>
  );

  return (
    <>
      <FlowDetailCard
        testId="todo-detail"
        title="流程处理"
        facts={[
          { label: '发起人', value: params.get('startUser'), testId: 'todo-start-user' },
          { label: '任务节点', value: params.get('taskName'), testId: 'todo-task-name' },
        ]}
        actions={actions}
        onClose={close}
        tab={tab}
        onTab={setTab}
        tabs={[
          { value: 'form', label: '表单信息', content: formTab },
          {
            value: 'record', label: '流转记录',
            content: <FlowRecordPanel procInsId={procInsId} deployId={deployId} onError={recordFailed}
              returnTo={{ keys: returnKeys, onPick: (key) => void openChecked('return', key) }} />,
          },
          { value: 'diagram', label: '流程图', content: <FlowDiagramPanel procInsId={procInsId} deployId={deployId} /> },
        ]}
      />
      {dialog === 'approve' && (
        <ApproveDialog next={next} pending={complete.isPending} onClose={() => setDialog(null)}
          onSubmit={({ comment, recipientVars }) => complete.mutate({
            taskId, instanceId: procInsId || undefined, comment,
            variables: completeVariables(submitted, recipientVars, formVariables),
          })} />
      )}
      {dialog === 'return' && (
        <ReturnDialog taskId={taskId} initialTarget={returnTarget} pending={doReturn.isPending} onClose={() => setDialog(null)}
          onSubmit={({ targetKey, comment }) => doReturn.mutate({ taskId, instanceId: procInsId || undefined, targetKey, comment })} />
      )}
      {dialog === 'reject' && (
        <RejectDialog pending={reject.isPending} onClose={() => setDialog(null)}
          onSubmit={({ comment }) => reject.mutate({ taskId, instanceId: procInsId || undefined, comment })} />
      )}
      {dialog === 'addSign' && (
        <AddSignDialog sequential={!!signers.data?.sequential} pending={addSign.isPending} onClose={() => setDialog(null)}
          onSubmit={({ assignee, mode, comment }) => addSign.mutate({ taskId, assignee, mode, comment: comment || undefined })} />
      )}
      {dialog === 'removeSign' && (
        <RemoveSignDialog signers={(signers.data?.signers ?? []).filter((s) => s.userId !== me && s.removable)} pending={removeSign.isPending} onClose={() => setDialog(null)}
          onSubmit={({ assignee, comment }) => removeSign.mutate({ taskId, assignee, comment: comment || undefined })} />
      )}
      {dialog === 'copy' && (
        <CopyDialog pending={copy.isPending} onClose={() => setDialog(null)}
          onSubmit={({ userIds, comment }) => copy.mutate({ taskId, userIds, comment: comment || undefined })} />
      )}
      <FlowUserPicker open={dialog === 'delegate'} multiple={false} title="选择委派人员" emptyMessage="请选择委派人员"
        onClose={() => setDialog(null)}
        onConfirm={(users) => delegate.mutateAsync({ taskId, instanceId: procInsId || undefined, assignee: String(users[0].userId) }).then(() => undefined, () => undefined)} />
    </>
  );
}
