import { can, type Capability } from '../../schemas/permissions';
import { useAuthUser } from './useAuthUser';

/** Whether the signed-in user holds a capability (false while unknown or signed out). */
export function useCan(capability: Capability): boolean {
  const { data: user } = useAuthUser();
  return can(user?.role, capability);
}
