/** Reply shapes of the dept procedures as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type DeptRow = Out['system']['dept']['list'][number];
