/**
 * Process-variable tabs of the finished / own-started detail screens and the record page
 * (workflow spec §2 "Finished-task detail": 表单信息 shown only once the process variables have
 * loaded; "Workflow record page": the process variables):
 * - `ProcessFormPanel`: `task.processVariables({taskId})` → the start form (`variables.variables`)
 *   rendered read-only;
 * - `VariablesPanel`: the same variables as a label/value grid (`variableRows`).
 */
import { Box, Flex, Spinner } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { DetailGrid, DetailItem } from '../../components/DetailGrid';
import { useTRPC } from '../../lib/trpc';
import { FormRenderer, type FormConf } from '../../components/form-render';
import { Empty } from './panels';
import { variableRows } from './variables-view';

function useVariables(taskId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.flowable.task.processVariables.queryOptions({ taskId }), enabled: !!taskId, retry: false });
}

const loading = <Flex justify="center" py="16"><Spinner color="blue.500" /></Flex>;

/** 表单信息 (read-only start form); see the file comment. */
export function ProcessFormPanel({ taskId }: { taskId: string }) {
  const q = useVariables(taskId);
  if (!taskId) return <Empty text="暂无表单信息" />;
  if (q.isPending) return loading;
  const conf = (q.data as Record<string, unknown> | undefined)?.variables as FormConf | undefined;
  if (q.isError || !conf || !Array.isArray(conf.fields)) return <Empty text="暂无表单信息" />;
  return (
    <Box maxW="860px" mx="auto" pt="2">
      <FormRenderer conf={conf} readOnly testId="process-form" />
    </Box>
  );
}

/** 流程变量 grid; see the file comment. */
export function VariablesPanel({ taskId }: { taskId: string }) {
  const q = useVariables(taskId);
  if (!taskId) return <Empty text="暂无流程变量" />;
  if (q.isPending) return loading;
  const rows = variableRows(q.data as Record<string, unknown> | undefined);
  if (!rows.length) return <Empty text="暂无流程变量" />;
  return (
    <Box maxW="860px" px={{ base: 0, md: 6 }} py="2" data-testid="process-variables">
      <DetailGrid>
        {rows.map((r) => <DetailItem key={r.key} label={r.label} labelWidth="120px" full={r.full}>{r.value || '—'}</DetailItem>)}
      </DetailGrid>
    </Box>
  );
}
