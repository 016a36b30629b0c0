import { useQuery, useQueryClient } from '@tanstack/react-query';
import { showSnackbar } from '../../engine/notices';
import { printInHiddenFrame } from '../../engine/printing';
import { useCan, useOptions } from '../../engine/session';
import { currencySettingsFrom, formatMoney } from '../../schemas/format';
import { fromDecimal } from '../../schemas/money';
import { RegisterCard, type RegisterActions } from './RegisterCard';
import { SessionsTable } from './SessionsTable';
import { acceptDifference, closeRegister, fetchRegisterStates, fetchSessions, moveCash, openRegister, registerQueryKeys, zReportUrl } from './registersApi';

/**
 * The Registers screen: each register with its session (open with a counted float, cash in/out, close by
 * counting), then every session with its stored figures and its Z report to reprint. The server computes
 * expected cash and the difference; this screen shows them.
 */
export function RegistersPage() {
  const queryClient = useQueryClient();
  const { data: options } = useOptions();
  const canAccept = useCan('registers.accept_difference');
  const states = useQuery({ queryKey: registerQueryKeys.states, queryFn: fetchRegisterStates });
  const sessions = useQuery({ queryKey: registerQueryKeys.sessions, queryFn: fetchSessions });
  const settings = options ? currencySettingsFrom(options) : null;
  const money = (amount: number) => (settings ? formatMoney(fromDecimal(amount), settings) : amount.toFixed(2));
  const zone = options?.ns_store_timezone ?? 'UTC';

  const done = async (message: string) => {
    showSnackbar({ message, variant: 'success' });
    await queryClient.invalidateQueries({ queryKey: ['registers'] });
    await queryClient.invalidateQueries({ queryKey: ['pos', 'register-state'] });
  };
  const print = (sessionId: number) => printInHiddenFrame(zReportUrl(sessionId));
  const actions: RegisterActions = {
    open: async (registerId, count) => done(await openRegister(registerId, count)),
    move: async (sessionId, body) => done(await moveCash(sessionId, body)),
    close: async (sessionId, count) => {
      await done(await closeRegister(sessionId, count));
      print(sessionId);
    },
    print,
  };

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-800">Registers</h1>
      <div className="grid gap-4 lg:grid-cols-2">
        {(states.data ?? []).map((register) => (
          <RegisterCard key={`${register.id}:${register.session?.id ?? 'closed'}`} register={register} actions={actions} money={money} zone={zone} />
        ))}
      </div>
      <h2 className="text-lg font-semibold text-slate-800">Sessions</h2>
      <SessionsTable
        sessions={sessions.data?.data ?? []}
        money={money}
        zone={zone}
        canAccept={canAccept}
        onPrint={print}
        onAccept={async (sessionId, note) => done(await acceptDifference(sessionId, note))}
      />
    </section>
  );
}
