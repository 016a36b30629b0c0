import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
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

/**
 * The transitions of one node of @xstate/graph's directed graph, then its children's, depth first. The graph
 * has one edge per target, so a multi-target transition is counted once; eventless (`always`) transitions
 * are not edges there and are read from the node.
 */
function graphTransitions(graph: DirectedGraphNode): Array<[AnyStateNode, string, AnyTransitionDefinition]> {
  const node = graph.stateNode as AnyStateNode;
  const own = [...new Set(graph.edges.map((edge) => edge.transition as AnyTransitionDefinition))].map(
    (transition): [AnyStateNode, string, AnyTransitionDefinition] => [node, transition.eventType, transition],
  );
  const always = (node.always ?? []).map((transition): [AnyStateNode, string, AnyTransitionDefinition] => [node, ALWAYS, transition]);
  return [...own, ...always, ...graph.children.flatMap(graphTransitions)];
}

/** Every transition declared in the machine's config, in document order. */
export function listTransitions(machine: AnyStateMachine): DeclaredTransition[] {
  return graphTransitions(toDirectedGraph(machine)).map(([node, eventType, transition]) => {
    const alternatives = alternativesOf(node, eventType);
    const index = Math.max(alternatives.indexOf(transition), 0);
    return { key: keyOf(node, eventType, index), label: labelOf(node, eventType, transition, alternatives.length) };
  });
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
