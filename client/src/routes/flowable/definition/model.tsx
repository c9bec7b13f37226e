/**
 * 流程设计 (hidden route /flowable/definition/model, component flowable/definition/model; workflow
 * spec §2 "Process model designer", §3 "Process model save payload"; reference §6 "Model save /
 * deploy"). Query `deployId` loads that deployment's XML (`flowable.definition.readXml`);
 * without it the new-diagram template is drawn. 保存模型 posts `{name, category, xml}` to
 * `flowable.definition.save` (a new deployment/version), shows 保存成功, closes the
 * tab and opens /flowable/definition?t=<timestamp>. When the engine refuses the model its message
 * (naming the element) is shown and the diagram stays open. A deployment that cannot be read
 * leaves a blank diagram with a notice. On a phone (< 640 px) only 流程设计器需要更宽的屏幕… is
 * shown (NarrowScreen.tsx). This module is the lazy boundary that
 * keeps bpmn-js out of the main bundle (app/router/views.tsx loads route files on demand).
 */
import { Alert, Box, CloseButton } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { NAVBAR_HEIGHT, TAGS_HEIGHT } from '../../../lib/layout-vars';
import { useSettings } from '../../../lib/stores/settings-store';
import { msgSuccess } from '../../../lib/modal/toaster';
import { NarrowScreenNotice, useNarrowScreen } from '../../../features/bpmn-designer/NarrowScreen';
import { ProcessDesigner, type SavePayload } from '../../../features/bpmn-designer/ProcessDesigner';
import { closeOpenPage } from '../../../lib/close-page';
import { describeRequestError } from '../../../lib/request-error';
import { useTRPC } from '../../../lib/trpc';

export default function ProcessModelDesigner() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const deployId = params.get('deployId') ?? '';
  const { tagsView } = useSettings();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loadNoticeClosed, setLoadNoticeClosed] = useState(false);
  const narrow = useNarrowScreen();

  const model = useQuery({ ...trpc.flowable.definition.readXml.queryOptions({ deployId }), enabled: !!deployId });
  const save = useMutation(trpc.flowable.definition.save.mutationOptions());

  const onSave = (payload: SavePayload) => {
    setRefusal(null);
    save.mutate(payload, {
      onSuccess: () => {
        // The REST reply keeps RuoYi's 导入成功 (reference §6); the designer's own toast says what happened (issue 40).
        msgSuccess('保存成功');
        closeOpenPage(pathname, `/flowable/definition?t=${Date.now()}`, navigate);
      },
      onError: (e) => setRefusal(describeRequestError(e).message),
    });
  };

  const height = `calc(100vh - ${NAVBAR_HEIGHT + (tagsView ? TAGS_HEIGHT : 0)}px)`;
  // A phone has no room for canvas, palette and panel: say so instead of failing (issue 40 item 7).
  if (narrow) return <Box data-testid="flowable-model"><NarrowScreenNotice height={height} /></Box>;
  return (
    <Box data-testid="flowable-model">
      <ProcessDesigner
        xml={deployId ? (model.data ?? null) : null}
        loading={!!deployId && model.isPending && !model.isError}
        saving={save.isPending}
        height={height}
        onSave={onSave}
        notice={refusal ? (
          <Alert.Root status="error" boxShadow="md" data-testid="designer-refusal">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>模型未能部署</Alert.Title>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
            <CloseButton size="sm" alignSelf="flex-start" onClick={() => setRefusal(null)} aria-label="关闭" />
          </Alert.Root>
        ) : model.isError && !loadNoticeClosed ? (
          <Alert.Root status="warning" boxShadow="md" data-testid="designer-load-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>流程模型加载失败</Alert.Title>
              <Alert.Description>{describeRequestError(model.error).message}；已打开空白流程图。</Alert.Description>
            </Alert.Content>
            <CloseButton size="sm" alignSelf="flex-start" onClick={() => setLoadNoticeClosed(true)} aria-label="关闭" />
          </Alert.Root>
        ) : null}
      />
    </Box>
  );
}
