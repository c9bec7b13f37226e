/** Reply shapes of the user and profile procedures as the screens see them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type UserRow = Out['system']['user']['list']['rows'][number];
export type AuthRoleReply = Out['system']['user']['authRole'];
export type ProfileReply = Out['system']['profile']['get'];
