/** Reply shapes of the dept, park, post and menu procedures as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type DeptRow = Out['system']['dept']['list'][number];
export type ParkRow = Out['system']['park']['list'][number];
export type PostRow = Out['system']['post']['list']['rows'][number];
export type MenuRow = Out['system']['menu']['list'][number];
