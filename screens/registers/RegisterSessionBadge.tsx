import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchRegisterStates } from './registersApi';

/** The till's view of its register: open (and by whom) or closed, with the way to open it. */
export function RegisterSessionBadge({ registerId }: { registerId: number | null }) {
  const states = useQuery({ queryKey: ['pos', 'register-state'], queryFn: fetchRegisterStates, staleTime: 15_000, enabled: registerId !== null });
  if (registerId === null) return null;
  const register = states.data?.find((entry) => entry.id === registerId);
  if (!register) return null;
  return register.session ? (
    <span data-testid="register-session" className="text-xs text-emerald-700">
      Open · {register.session.holder}
    </span>
  ) : (
    <span data-testid="register-session" className="text-xs text-rose-700">
      Closed ·{' '}
      <Link className="underline" to="/dashboard/registers">
        Open Register
      </Link>
    </span>
  );
}
