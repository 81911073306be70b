import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Failed calls are logged to the console; pages decide what, if anything, to show.
function logFailure(error: unknown): void {
  console.error(error instanceof Error ? error.message : error);
}

/** One client for the app; retries skip 4xx answers because repeating them cannot help. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailure }),
    mutationCache: new MutationCache({ onError: logFailure }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 60_000,
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
