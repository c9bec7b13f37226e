/** Reply shapes of the dictionary procedures as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type DictTypeRow = Out['system']['dict']['type']['list']['rows'][number];
export type DictDataRow = Out['system']['dict']['data']['list']['rows'][number];
