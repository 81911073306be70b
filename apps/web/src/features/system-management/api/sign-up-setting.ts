import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signUpSettingStateSchema, type SignUpSetting } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

const key = ['system-management', 'sign-up-setting'];

/** GET /api/sign-up-setting (bearer, admin): whether visitors may sign up, and the role they get. */
export function useSignUpSetting() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('sign-up-setting', { schema: signUpSettingStateSchema, signal }),
  });
}

/** PUT /api/sign-up-setting (bearer, admin, audited). */
export function useSaveSignUpSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: SignUpSetting) =>
      apiRequest('sign-up-setting', { method: 'PUT', body: setting, schema: signUpSettingStateSchema }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
