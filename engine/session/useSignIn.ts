import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginAnswer, LoginBody } from '../../schemas/auth';
import { http } from '../http';
import { sessionQueryKeys } from './sessionQueryKeys';

/** POST /auth/login; on success the new user replaces any cached session state. Failures are silent: the form shows them. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await http.post<LoginAnswer>('/auth/login', body, { silent: true })).data,
    onSuccess: (answer) => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKeys.authUser, answer.data.user);
    },
  });
}
