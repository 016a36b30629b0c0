import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** One transition declared in a machine's config: a (state, event) pair, one entry per guarded alternative. */
export interface DeclaredTransition {
  key: string;
  label: string;
}

export interface CoverageSummary {
  machine: string;
  taken: number;
  total: number;
  percent: number;
  untaken: string[];
}

const ALWAYS = 'always';

function statePath(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : '(root)';
}

/** Event names as people read them: done:login rather than xstate.done.actor.login. */
function readableEvent(eventType: string): string {
  if (eventType === '' || eventType === ALWAYS) return ALWAYS;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}:${actor[2]}`;
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delay) return `after:${delay[1]}`;
  const done = /^xstate\.done\.state\./.exec(eventType);
  if (done) return 'onDone';
  return eventType;
}

function guardName(transition: AnyTransitionDefinition): string | undefined {
  const guard: unknown = transition.guard;
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'guard';
}

function alternativesOf(node: AnyStateNode, eventType: string): AnyTransitionDefinition[] {
  if (eventType === '' || eventType === ALWAYS) return node.always ?? [];
  return node.transitions.get(eventType) ?? [];
}

function keyOf(node: AnyStateNode, eventType: string, index: number): string {
  return `${statePath(node)}|${eventType === '' ? ALWAYS : eventType}|${index}`;
}

/** Key of a transition the machine took; stable across `.provide()` copies of the same machine. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const index = alternativesOf(source, transition.eventType).indexOf(transition);
  return keyOf(source, transition.eventType, Math.max(index, 0));
}

function labelOf(node: AnyStateNode, eventType: string, transition: AnyTransitionDefinition, count: number): string {
  const guard = guardName(transition);
  const which = guard ? ` [${guard}]` : count > 1 ? ' [otherwise]' : '';
  const targets = transition.target?.map((target: AnyStateNode) => statePath(target)).join(', ');
  return `${statePath(node)} --${readableEvent(eventType)}${which}--> ${targets ?? '(stays)'}`;
}

function collectNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => collectNodes(child as AnyStateNode))];
}

/** Every transition declared in the machine's config, in document order. */
export function listTransitions(machine: AnyStateMachine): DeclaredTransition[] {
  const declared: DeclaredTransition[] = [];
  for (const node of collectNodes(machine.root)) {
    const groups: Array<[string, AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always?.length) groups.push([ALWAYS, node.always]);
    for (const [eventType, alternatives] of groups) {
      alternatives.forEach((transition, index) => {
        declared.push({
          key: keyOf(node, eventType, index),
          label: labelOf(node, eventType, transition, alternatives.length),
        });
      });
    }
  }
  return declared;
}

export function summarizeCoverage(name: string, machine: AnyStateMachine, visited: ReadonlySet<string>): CoverageSummary {
  const declared = listTransitions(machine);
  const untaken = declared.filter((transition) => !visited.has(transition.key)).map((transition) => transition.label);
  const taken = declared.length - untaken.length;
  const percent = declared.length === 0 ? 100 : Math.round((taken / declared.length) * 1000) / 10;
  return { machine: name, taken, total: declared.length, percent, untaken };
}

/** `machine: taken/total transitions (pct%)`, then one indented line per untaken transition. */
export function formatCoverage(summary: CoverageSummary): string[] {
  const head = `${summary.machine}: ${summary.taken}/${summary.total} transitions (${summary.percent}%)`;
  return [head, ...summary.untaken.map((label) => `  untaken: ${label}`)];
}
