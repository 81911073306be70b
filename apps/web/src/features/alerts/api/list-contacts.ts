import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { contactSchema, type Contact, type ContactInput } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/list-contacts (bearer, admin). */
export function useContacts() {
  return useQuery({
    queryKey: ['alerts', 'contacts'],
    queryFn: ({ signal }) => apiRequest('list-contacts', { schema: z.array(contactSchema), signal }),
  });
}

/** POST /api/list-contacts, PUT /api/list-contacts/{contact_ndx}. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactNdx, body }: { contactNdx: number | null; body: ContactInput }): Promise<Contact> =>
      contactNdx === null
        ? apiRequest('list-contacts', { method: 'POST', body, schema: contactSchema })
        : apiRequest(`list-contacts/${contactNdx}`, { method: 'PUT', body, schema: contactSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}

/** DELETE /api/list-contacts/{contact_ndx}; refused while an alert sends to the contact directly. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactNdx: number) => apiRequest(`list-contacts/${contactNdx}`, { method: 'DELETE' }).then(() => undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}
