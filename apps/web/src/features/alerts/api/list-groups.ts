import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { groupSchema, groupUsedSchema, type Group, type GroupInput } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

const groupsKey = ['alerts', 'groups'] as const;

/** GET /api/list-groups (bearer, admin). */
export function useGroups() {
  return useQuery({ queryKey: groupsKey, queryFn: ({ signal }) => apiRequest('list-groups', { schema: z.array(groupSchema), signal }) });
}

/** GET /api/view-groups-used (bearer, admin): groups alerts send to; they cannot be deleted. */
export function useGroupsUsed() {
  return useQuery({
    queryKey: [...groupsKey, 'used'],
    queryFn: ({ signal }) => apiRequest('view-groups-used', { schema: z.array(groupUsedSchema), signal }),
  });
}

/** POST /api/list-groups, PUT /api/list-groups/{group_ndx}. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupNdx, body }: { groupNdx: number | null; body: GroupInput }): Promise<Group> =>
      groupNdx === null
        ? apiRequest('list-groups', { method: 'POST', body, schema: groupSchema })
        : apiRequest(`list-groups/${groupNdx}`, { method: 'PUT', body, schema: groupSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}

/** DELETE /api/list-groups/{group_ndx}; refused (409, naming the alerts) while alerts send to it. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupNdx: number) => apiRequest(`list-groups/${groupNdx}`, { method: 'DELETE' }).then(() => undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}
