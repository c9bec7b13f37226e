/**
 * 发起流程 (hidden route /flowable/task/myProcess/send/index?deployId=&procDefId=; workflow spec §2
 * "Start-process screen", §4 "Starting a process" and "Completion recipient rule", §7 calls):
 * `process.startFlow` gives the definition, its XML and the main form. Tabs 表单信息 (the form with
 * 提交 / 重置) and 流程图. 提交 asks `nextFlowNodeByStart` with the form values; a dynamic next
 * node opens 选择任务接收, then `definition.start` with the form variables (+ the recipients),
 * shows the server's 流程启动成功 and closes the tab for /task/process.
 *
 * A deployment without a main form shows the server's words 请先配置流程表单! with the way to fix
 * it, and still lets the user start the process without form data (直接发起), since a model may
 * need no form at all; when the start's conditions read variables (startFlow `conditionVariables`,
 * issue 40 §2) 直接发起 asks first, naming them. A suspended definition shows
 * 流程已被挂起,请先激活流程 and cannot start.
 */
import { Alert, Box, Button, Card, Flex, Heading, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { confirmWarning } from '../../../../../components/feedback/actions';
import { msgSuccess } from '../../../../../lib/modal/toaster';
import { Icon } from '../../../../../components/Icon';
import { FlowDiagram, needsRecipient, RecipientDialog, type NextNodeInfo } from '../../../../../features/flow-view';
import { FormRenderer, type FormRendererHandle, type FormSubmit } from '../../../../../components/form-render';
import { closeOpenPage, closePage } from '../../../../../lib/close-page';
import { useTRPC } from '../../../../../lib/trpc';
import { startConf, startVariables } from './start-utils';

export default function StartProcess() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const deployId = params.get('deployId') ?? '';
  const form = useRef<FormRendererHandle>(null);
  const [tab, setTab] = useState('form');
  const [busy, setBusy] = useState(false);
  /** The submission waiting for the recipient choice, with the next-node info. */
  const [pending, setPending] = useState<{ submit: FormSubmit | null; next: NextNodeInfo } | null>(null);

  const flow = useQuery({ ...trpc.flowable.process.startFlow.queryOptions({ deployId }), enabled: !!deployId });
  const start = useMutation(trpc.flowable.definition.start.mutationOptions());
  const data = flow.data;
  const procDefId = data?.procDefId ?? params.get('procDefId') ?? '';
  const conf = startConf(data?.formData);
  const suspended = data?.suspensionState === 2;

  const doStart = (variables: Record<string, unknown>) => {
    start.mutate({ procDefId, variables }, {
      onSuccess: (res) => {
        setPending(null);
        msgSuccess(res.msg);
        closeOpenPage(pathname, '/task/process', navigate);
      },
    });
  };

  /**
   * spec §4 "Starting a process": probe the next node with the form values, pick recipients when
   * it is dynamic, start. `r` null = start without a form.
   */
  const submit = async (r: FormSubmit | null) => {
    if (busy) return;
    setBusy(true);
    try {
      const next = await queryClient.fetchQuery({
        ...trpc.flowable.task.nextFlowNodeByStart.queryOptions({ deploymentId: deployId, variables: r?.valData ?? {} }),
        staleTime: 0,
      });
      if (needsRecipient(next)) setPending({ submit: r, next });
      else doStart(startVariables(r));
    } catch {
      // shown by the request-error layer
    } finally {
      setBusy(false);
    }
  };

  const close = () => closePage(pathname, navigate);

  if (!deployId) {
    return (
      <Box p="5">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>缺少流程部署ID，请从流程定义或我的流程发起。</Alert.Title>
        </Alert.Root>
      </Box>
    );
  }

  return (
    <Box p="5" data-testid="start-process">
      <Card.Root size="sm">
        <Card.Header borderBottomWidth="1px" py="3">
          <Flex align="center" justify="space-between">
            <Flex align="center" gap="2">
              <Icon name="document" color="brand.solid" />
              <Heading size="sm" data-testid="start-process-title">
                发起任务{data?.name ? `：${data.name}` : ''}
              </Heading>
            </Flex>
            <Button size="xs" colorPalette="red" variant="subtle" onClick={close} data-testid="start-close">
              关闭
            </Button>
          </Flex>
        </Card.Header>
        <Card.Body>
          {flow.isPending ? (
            <Flex justify="center" py="16">
              <Spinner color="brand.solid" />
            </Flex>
          ) : !data ? (
            <Text color="fg.muted" textAlign="center" py="10">
              流程信息加载失败
            </Text>
          ) : (
            <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line" size="sm">
              <Tabs.List>
                <Tabs.Trigger value="form" data-testid="tab-form">
                  表单信息
                </Tabs.Trigger>
                <Tabs.Trigger value="diagram" data-testid="tab-diagram">
                  流程图
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="form">
                {suspended && (
                  <Alert.Root status="warning" mb="4" data-testid="start-suspended">
                    <Alert.Indicator />
                    <Alert.Title>流程已被挂起,请先激活流程</Alert.Title>
                  </Alert.Root>
                )}
                {conf ? (
                  <Box maxW="760px" mx="auto" pt="2">
                    <FormRenderer ref={form} conf={conf} onSubmit={(r) => void submit(r)} testId="start-form" />
                    <Flex justify="center" gap="3" mt="4">
                      <Button size="sm" colorPalette="brand" loading={busy || start.isPending} disabled={suspended}
                        onClick={() => void form.current?.submit().then((r) => r && submit(r))} data-testid="start-submit">
                        提交
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => form.current?.reset()} data-testid="start-reset">
                        重置
                      </Button>
                    </Flex>
                  </Box>
                ) : (
                  <NoFormNotice busy={busy || start.isPending} disabled={suspended}
                    onStart={() => void confirmNoFormStart(data.conditionVariables).then((ok) => { if (ok) void submit(null); })} />
                )}
              </Tabs.Content>
              <Tabs.Content value="diagram">
                <FlowDiagram xml={data.xml} height="calc(100vh - 300px)" />
              </Tabs.Content>
            </Tabs.Root>
          )}
        </Card.Body>
      </Card.Root>
      <RecipientDialog open={!!pending} next={pending?.next ?? null} onClose={() => setPending(null)}
        onConfirm={(recipients) => {
          if (pending) doStart(startVariables(pending.submit, recipients));
        }} />
    </Box>
  );
}

/**
 * Before a start without form data: true at once when the start's conditions read no variable,
 * else the answer to a confirmation naming them (issue 40 §2: never start silently without them).
 */
function confirmNoFormStart(variables: readonly string[]): Promise<boolean> {
  if (!variables.length) return Promise.resolve(true);
  return confirmWarning(`该流程的条件要读取变量 ${variables.join('、')}，而本流程没有表单，直接发起时这些变量没有值，流程可能无法流转或走默认分支。确定直接发起吗？`);
}

/** The deployment has no main form: the server's words and a start without form data. */
function NoFormNotice({ busy, disabled, onStart }: { busy: boolean; disabled: boolean; onStart: () => void }) {
  return (
    <Box maxW="640px" mx="auto" py="6" data-testid="start-no-form">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>请先配置流程表单!</Alert.Title>
          <Alert.Description>
            该流程尚未配置主表单：可在流程设计中为开始节点选择表单后重新部署，或在「流程定义」列表中通过「配置主表单」挂载表单；若此流程无需填写表单，也可以直接发起。
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Flex justify="center" mt="5">
        <Button size="sm" colorPalette="brand" loading={busy} disabled={disabled} onClick={onStart} data-testid="start-without-form">
          直接发起
        </Button>
      </Flex>
    </Box>
  );
}
