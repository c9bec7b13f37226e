/** Reply shapes of the menu procedures as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type MenuRow = Out['system']['menu']['list'][number];
