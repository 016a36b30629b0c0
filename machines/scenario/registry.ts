import type { AnyStateMachine } from 'xstate';

const machines = new Map<string, AnyStateMachine>();

/** Makes a machine available to scenario files under `name` (the file's "machine" field). */
export function registerMachine(name: string, machine: AnyStateMachine): void {
  const existing = machines.get(name);
  if (existing && existing !== machine) {
    throw new Error(`A different machine is already registered as '${name}'; pick another name.`);
  }
  machines.set(name, machine);
}

export function getMachine(name: string): AnyStateMachine | undefined {
  return machines.get(name);
}

/** Registered machines, sorted by name. */
export function listMachines(): Array<[string, AnyStateMachine]> {
  return [...machines.entries()].sort(([a], [b]) => a.localeCompare(b));
}
