/** Reply shapes of the definition procedures (and the form list 配置主表单 picks from) as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type DefinitionRow = Out['flowable']['definition']['list']['rows'][number];
export type FormRow = Out['flowable']['form']['list']['rows'][number];
