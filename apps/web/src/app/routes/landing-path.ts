import type { QueryClient } from '@tanstack/react-query';
import { ROUTES } from '@portal/contracts';
import { safeReturnPath } from '../../lib/auth';
import { currentUserQueryOptions } from '../../features/auth/api/get-current-user';

/** Where a signed-in user goes when no page asked for them: their assigned landing page, else '/' (also when the lookup fails). */
export async function landingPathFor(queryClient: QueryClient, subject: string): Promise<string> {
  try {
    const me = await queryClient.fetchQuery(currentUserQueryOptions(subject));
    return safeReturnPath(me.landingPagePath) ?? ROUTES.LANDING;
  } catch {
    return ROUTES.LANDING;
  }
}
