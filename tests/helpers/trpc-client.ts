/**
 * The browser's tRPC client in tests: `batchingClient` starts `app` listening on a free port and
 * links to it with httpBatchLink as client/src/lib/trpc.ts does (signed-in calls go batched);
 * `expectRefused` checks a settled call as client/src/lib/request-error.ts reads a failure.
 */
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { BuiltApp } from '../../server/app';
import type { AppRouter } from '../../server/trpc/router';

export async function batchingClient(app: BuiltApp, token: string) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `http://127.0.0.1:${port}/caishui-api/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })],
  });
}

/** `r` was rejected with a TRPCClientError carrying `message` and `data.appCode`; returns that error. */
export function expectRefused(r: PromiseSettledResult<unknown>, message: string, appCode: number): TRPCClientError<AppRouter> {
  expect(r.status).toBe('rejected');
  const err = (r as PromiseRejectedResult).reason as TRPCClientError<AppRouter>;
  expect(err).toBeInstanceOf(TRPCClientError);
  expect(err.message).toBe(message);
  expect(err.data?.appCode).toBe(appCode);
  return err;
}
