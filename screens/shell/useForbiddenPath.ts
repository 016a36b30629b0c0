import { useQuery } from '@tanstack/react-query';
import type { MenuGroup } from '../../schemas/menu';
import { http } from '../../engine/http';
import { isForbiddenPath } from './forbiddenPath';

/** Every screen's address whatever the role (GET /menu/paths), to tell a refused address from an unknown one. */
export function useForbiddenPath(pathname: string, menu: readonly MenuGroup[], signedIn: boolean): boolean {
  const known = useQuery({
    queryKey: ['menu', 'paths'],
    queryFn: async () => (await http.get<{ paths: string[] }>('/menu/paths')).data.paths,
    staleTime: 5 * 60_000,
    enabled: signedIn,
  });
  if (!known.data) return false;
  return isForbiddenPath(
    pathname,
    menu.flatMap((group) => group.items.map((item) => item.path)),
    known.data,
  );
}
