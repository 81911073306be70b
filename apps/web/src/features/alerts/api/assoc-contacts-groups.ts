import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { contactGroupPairSchema, type ContactGroupPair } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

const pairsKey = ['alerts', 'assoc-contacts-groups'] as const;

/** GET /api/assoc-contacts-groups (bearer, admin): every group-contact pair. */
export function useContactGroupPairs() {
  return useQuery({
    queryKey: pairsKey,
    queryFn: ({ signal }) => apiRequest('assoc-contacts-groups', { schema: z.array(contactGroupPairSchema), signal }),
  });
}

/** PUT /api/assoc-contacts-groups/{group_ndx}: the group's contacts become exactly these. */
export function useReplaceGroupContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupNdx, contactNdxs }: { groupNdx: number; contactNdxs: number[] }): Promise<ContactGroupPair[]> =>
      apiRequest(`assoc-contacts-groups/${groupNdx}`, {
        method: 'PUT',
        body: contactNdxs.map((contact_ndx) => ({ group_ndx: groupNdx, contact_ndx })),
        schema: z.array(contactGroupPairSchema),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}
