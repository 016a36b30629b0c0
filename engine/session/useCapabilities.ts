import { capabilitiesOf, type Capability } from '../../schemas/permissions';
import { useAuthUser } from './useAuthUser';

/** The signed-in user's capabilities from the one permission matrix (none while unknown or signed out). */
export function useCapabilities(): Capability[] {
  const { data: user } = useAuthUser();
  return user ? capabilitiesOf(user.role) : [];
}
