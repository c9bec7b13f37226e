/** Reply shapes of the role procedures as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type RoleRow = Out['system']['role']['list']['rows'][number];
export type AuthUserRow = Out['system']['role']['allocatedList']['rows'][number];
