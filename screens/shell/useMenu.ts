import { useQuery } from '@tanstack/react-query';
import { MENU, menuForRole, type MenuGroup } from '../../schemas/menu';
import type { Role } from '../../schemas/roles';
import { http } from '../../engine/http';

export const menuQueryKey = ['menu'] as const;

/**
 * The side menu for the signed-in role (GET /menu: the static entries plus one per readable
 * resource); the static menu stands in while it loads or if it fails.
 */
export function useMenu(role: Role | undefined) {
  const query = useQuery({
    queryKey: menuQueryKey,
    queryFn: async () => (await http.get<MenuGroup[]>('/menu')).data,
    staleTime: 5 * 60_000,
    enabled: role !== undefined,
  });
  const menu: MenuGroup[] = query.data ?? (role ? menuForRole(MENU, role) : []);
  return { menu, isLoaded: query.isSuccess, isError: query.isError };
}
