/** Reply shapes of the login-log procedures as the screen sees them. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

export type LogininforRow = Out['monitor']['logininfor']['list']['rows'][number];
