/** Reply shapes of the post procedures as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type PostRow = Out['system']['post']['list']['rows'][number];
