import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FormConfigAnswer } from '../../schemas/crud/list';
import { http, messageOf } from '../http';
import { showSnackbar } from '../notices';

/** Spec 01 §8: a form-load error stays until dismissed with this button. */
export const LOAD_ERROR_ACTION = 'OKAY';

/**
 * Loads a CRUD form description (GET {src}); a failure shows the server's message as a persistent
 * notice with an 'OKAY' button instead of the usual snackbar.
 */
export function useFormConfig(src: string | null) {
  const query = useQuery({
    queryKey: ['crud-form', src],
    queryFn: async () => (await http.get<FormConfigAnswer>(src ?? '', { silent: true })).data,
    enabled: src !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const { error } = query;
  useEffect(() => {
    if (error) showSnackbar({ message: messageOf(error), variant: 'error', duration: 0, action: { label: LOAD_ERROR_ACTION } });
  }, [error]);
  return query;
}
