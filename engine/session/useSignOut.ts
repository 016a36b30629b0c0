import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../schemas/errors';
import { http } from '../http';

/** POST /auth/logout, then forget every cached answer of the old session. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<SuccessMessage>('/auth/logout', {})).data,
    onSettled: () => queryClient.clear(),
  });
}
