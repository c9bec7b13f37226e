/** Reply shapes of the dictionary, config and monitor procedures as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type DictTypeRow = Out['system']['dict']['type']['list']['rows'][number];
export type DictDataRow = Out['system']['dict']['data']['list']['rows'][number];
export type ConfigRow = Out['system']['config']['list']['rows'][number];
export type LogininforRow = Out['monitor']['logininfor']['list']['rows'][number];
export type OperlogRow = Out['monitor']['operlog']['list']['rows'][number];
export type OnlineRow = Out['monitor']['online']['list']['rows'][number];
