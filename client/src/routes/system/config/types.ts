/** Reply shapes of the config procedures as the screen sees them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type ConfigRow = Out['system']['config']['list']['rows'][number];
