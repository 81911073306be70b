import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** GET /api/auth/me (bearer): the signed-in user as the API sees them. */
export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('auth/me', { signal });
}

/** Keyed by the subject so a different sign-in never reuses another user's answer. */
export const currentUserQueryOptions = (sub: string | undefined) =>
  queryOptions({
    queryKey: ['auth', 'me', sub ?? 'anonymous'],
    queryFn: ({ signal }) => getCurrentUser(signal),
    enabled: Boolean(sub),
    staleTime: 5 * 60_000,
  });

export function useCurrentUser() {
  const { user, isAuthenticated } = useSession();
  return useQuery(currentUserQueryOptions(isAuthenticated ? user?.profile.sub : undefined));
}
