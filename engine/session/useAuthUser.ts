import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../schemas/auth';
import { http } from '../http';
import { sessionQueryKeys } from './sessionQueryKeys';

/** Reads who is signed in; a 401 is an expected answer (no session), so it raises no snackbar. */
export async function fetchAuthUser(): Promise<AuthUser> {
  const response = await http.get<AuthUser>('/auth/user', { silent: true });
  return response.data;
}

/** The signed-in user (GET /auth/user). `error` with status 401 means nobody is signed in. */
export function useAuthUser() {
  return useQuery({ queryKey: sessionQueryKeys.authUser, queryFn: fetchAuthUser });
}
