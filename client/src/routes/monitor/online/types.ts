/** Reply shapes of the online-user procedures as the screen sees them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type OnlineRow = Out['monitor']['online']['list']['rows'][number];
