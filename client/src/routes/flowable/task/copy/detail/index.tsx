/**
 * 抄送详情 (route flowable/task/copy/detail/index; issue 16): a copy's instance read-only, as the
 * finished detail shows it (表单信息, 流转记录, 流程图); opening it marks the user's copies of the
 * instance read (flowable.cc.read, once per instance shown). Closing goes to /task/copy?t=….
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ProcessDetailPage } from '../../../../../features/flow-view/ProcessDetailPage';
import { useTRPC } from '../../../../../lib/trpc';

/** 抄送详情 page. */
export default function CopyDetail() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const procInsId = params.get('procInsId') ?? '';
  const read = useMutation(trpc.flowable.cc.read.mutationOptions({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.flowable.cc.pathKey() }),
  }));
  const markRead = read.mutate; // stable across renders (TanStack Query)
  const done = useRef('');
  useEffect(() => {
    if (!procInsId || done.current === procInsId) return;
    done.current = procInsId;
    markRead({ procInsId });
  }, [procInsId, markRead]);
  return <ProcessDetailPage testId="copy-detail" title="抄送详情" backPath="/task/copy" />;
}
