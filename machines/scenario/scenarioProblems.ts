function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resultProblems(actor: string, results: unknown): string[] {
  if (!Array.isArray(results)) return [`actors.${actor} must be a list of {"output": ...} or {"error": {"message": "..."}}`];
  return results.flatMap((result, index) => {
    const where = `actors.${actor}[${index}]`;
    if (!isRecord(result)) return [`${where} must be an object`];
    if ('output' in result) return [];
    if (isRecord(result.error) && typeof result.error.message === 'string') return [];
    return [`${where} must be {"output": ...} or {"error": {"message": "..."}}`];
  });
}

function stepProblems(step: unknown, index: number): string[] {
  const where = `steps[${index}]`;
  if (!isRecord(step)) return [`${where} must be an object`];
  const problems: string[] = [];
  if (step.event !== undefined && !(isRecord(step.event) && typeof step.event.type === 'string')) {
    problems.push(`${where}.event must be an object with a string "type"`);
  }
  if (step.expect !== undefined && !isRecord(step.expect)) problems.push(`${where}.expect must be an object`);
  if (step.event === undefined && step.expect === undefined) problems.push(`${where} has neither "event" nor "expect"`);
  return problems;
}

/** Checks the shape of a parsed scenario file; returns what is wrong, or an empty list. */
export function scenarioProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['a scenario must be a JSON object'];
  const problems: string[] = [];
  if (typeof value.machine !== 'string' || value.machine === '') problems.push('"machine" must name a registered machine');
  if (value.description !== undefined && typeof value.description !== 'string') problems.push('"description" must be a string');
  if (value.actors !== undefined) {
    if (!isRecord(value.actors)) problems.push('"actors" must be an object of actor name → results');
    else problems.push(...Object.entries(value.actors).flatMap(([name, results]) => resultProblems(name, results)));
  }
  if (!Array.isArray(value.steps) || value.steps.length === 0) problems.push('"steps" must be a non-empty list');
  else problems.push(...value.steps.flatMap((step, index) => stepProblems(step, index)));
  return problems;
}
