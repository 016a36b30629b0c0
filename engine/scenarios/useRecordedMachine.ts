import { useContext, useState } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import type { AnyStateMachine } from 'xstate';
import type { OptionsAnswer } from '../../schemas/options';
import { sessionQueryKeys } from '../session';
import { startRecording } from './recordings';

type MachineOptions<TMachine extends AnyStateMachine> = NonNullable<Parameters<typeof useMachine<TMachine>>[1]>;

/**
 * useMachine for a flow QA may record: when the store's option qa_record_scenarios is 'yes' as the actor
 * is created, everything the machine receives is recorded under `name` (its name in machines/registry.ts,
 * which scenario files carry), ready for Download scenario. The machines themselves are untouched.
 */
export function useRecordedMachine<TMachine extends AnyStateMachine>(
  name: string,
  machine: TMachine,
  options: MachineOptions<TMachine>,
): ReturnType<typeof useMachine<TMachine>> {
  // Read from the cache, not through useOptions: a flow rendered without the app's query client (a component
  // test) simply does not record. The actor is created once, so the recorder is chosen once, on the first render.
  const client = useContext(QueryClientContext);
  const [recorder] = useState(() =>
    client?.getQueryData<OptionsAnswer>(sessionQueryKeys.options)?.qa_record_scenarios === 'yes'
      ? startRecording(name, (options as { input?: unknown }).input)
      : undefined,
  );
  return useMachine(machine, (recorder ? { ...options, inspect: recorder.inspect } : options) as MachineOptions<TMachine>);
}
