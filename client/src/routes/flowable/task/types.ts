/** Reply shapes of the workflow procedures as the task lists and the start screen see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type TodoRow = Out['flowable']['task']['todoList']['rows'][number];
export type FinishedRow = Out['flowable']['task']['finishedList']['rows'][number];
export type MyProcessRow = Out['flowable']['task']['myProcess']['rows'][number];
export type CcRow = Out['flowable']['cc']['list']['rows'][number];
export type DefinitionRow = Out['flowable']['definition']['list']['rows'][number];
export type StartFlowReply = Out['flowable']['process']['startFlow'];
