import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  landingPageSchema,
  managedUserSchema,
  userRoleSchema,
  usersManagementModeSchema,
  type ChangeOwnPasswordBody,
  type CreateUserBody,
  type ManagedUser,
  type UpdateUserBody,
} from '@portal/contracts';
import { displayListFacilitiesKey, useDisplayListFacilities } from '../../../api/facilities/get-display-list-facilities';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

const usersKey = ['users-management'] as const;

/** GET /api/users-management/users (bearer; Administrator, Developer, All Data User). */
export function useManagedUsers() {
  return useQuery({
    queryKey: [...usersKey, 'users'],
    queryFn: ({ signal }) => apiRequest('users-management/users', { schema: z.array(managedUserSchema), signal }),
  });
}

/** GET /api/users-management/list-user-roles (bearer). */
export function useUserRoles() {
  return useQuery({
    queryKey: [...usersKey, 'roles'],
    queryFn: ({ signal }) => apiRequest('users-management/list-user-roles', { schema: z.array(userRoleSchema), signal }),
  });
}

/** GET /api/users-management/list-user-landing-pages (bearer). */
export function useLandingPages() {
  return useQuery({
    queryKey: [...usersKey, 'landing-pages'],
    queryFn: ({ signal }) => apiRequest('users-management/list-user-landing-pages', { schema: z.array(landingPageSchema), signal }),
  });
}

/** GET /api/users-management/mode (bearer): which fields this portal manages. */
export function useUsersManagementMode() {
  return useQuery({
    queryKey: [...usersKey, 'mode'],
    queryFn: ({ signal }) => apiRequest('users-management/mode', { schema: usersManagementModeSchema, signal }),
  });
}

/** The facilities a user can be associated with: the caller's own facility list. */
export function useAssignableFacilities() {
  return useDisplayListFacilities(useSession().user?.profile.sub);
}

function useUsersMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: displayListFacilitiesKey }),
      ]),
  });
}

/** POST /api/users-management/users. */
export const useCreateUser = () =>
  useUsersMutation((body: CreateUserBody): Promise<ManagedUser> =>
    apiRequest('users-management/users', { method: 'POST', body, schema: managedUserSchema }),
  );
/** PUT /api/users-management/users. */
export const useUpdateUser = () =>
  useUsersMutation((body: UpdateUserBody): Promise<ManagedUser> =>
    apiRequest('users-management/users', { method: 'PUT', body, schema: managedUserSchema }),
  );
/** DELETE /api/users-management/users/{auth0_user_id}. */
export const useDeleteUser = () =>
  useUsersMutation(async (userId: string): Promise<void> => {
    await apiRequest(`users-management/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
  });

/** PUT /api/account/password: the signed-in user's own password. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: async (body: ChangeOwnPasswordBody) => {
      await apiRequest('account/password', { method: 'PUT', body });
    },
  });
}
