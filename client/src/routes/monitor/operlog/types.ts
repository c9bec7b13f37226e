/** Reply shapes of the operation-log procedures as the screen sees them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type OperlogRow = Out['monitor']['operlog']['list']['rows'][number];
