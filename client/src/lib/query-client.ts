/**
 * The app's QueryClient. Errors of queries and mutations go through the request-error layer
 * (spec §8) unless the call sets `meta: { silent: true }`.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleRequestError } from './request-error';

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) handleRequestError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (!mutation.meta?.silent) handleRequestError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});
