import type { ResourceDeclaration } from '../../../schemas/crud/declaration';
import type { SavePlan } from '../../../schemas/crud/builder';
import type { Field } from '../../../schemas/form/field';
import { storageColumnOf } from '../../../schemas/fieldTypes';
import { storedFields } from '../resource';

/** The stored fields of a declaration by column (a document field or a virtual one has no column). */
export function storedByColumn(declaration: ResourceDeclaration | null): Map<string, Field> {
  return new Map(declaration ? storedFields(declaration).map(({ column, field }) => [column, field]) : []);
}

/** A field's type changes what its stored values must be: another type, other options, other bounds. */
function typeChanged(before: Field, after: Field): boolean {
  if (before.type !== after.type || storageColumnOf(before) !== storageColumnOf(after)) return true;
  const options = (field: Field) => JSON.stringify((field.options ?? []).map((option) => option.value));
  return options(before) !== options(after) || before.min !== after.min || before.max !== after.max;
}

/**
 * What a save changes in the table, from the stored declaration to the new one: `renames` maps a stored
 * column to its new name (values kept); a column that disappears without a rename is removed (hidden, kept).
 * Counts of values that would not convert are the caller's (they need the table).
 */
export function planChanges(before: ResourceDeclaration | null, after: ResourceDeclaration, renames: Record<string, string>): SavePlan {
  const old = storedByColumn(before);
  const next = storedByColumn(after);
  const problems: string[] = [];
  const renamed: SavePlan['renamed'] = [];
  for (const [from, to] of Object.entries(renames)) {
    if (!old.has(from)) problems.push(`"${from}" is not a stored field of the saved screen, so it cannot be renamed.`);
    else if (!next.has(to)) problems.push(`"${to}" is not a field of the new screen, so "${from}" cannot be renamed to it.`);
    else if (next.has(from)) problems.push(`"${from}" is still a field of the new screen, so it cannot also be renamed to "${to}".`);
    else if (old.has(to)) problems.push(`"${to}" is already a stored field, so "${from}" cannot take its name.`);
    else renamed.push({ from, to });
  }
  const renamedTo = new Set(renamed.map((rename) => rename.to));
  const renamedFrom = new Set(renamed.map((rename) => rename.from));
  const added = [...next.keys()].filter((column) => !old.has(column) && !renamedTo.has(column));
  const removed = [...old.keys()].filter((column) => !next.has(column) && !renamedFrom.has(column));
  const typeChanges: SavePlan['typeChanges'] = [];
  for (const [column, field] of next) {
    const source = renamed.find((rename) => rename.to === column)?.from ?? column;
    const previous = old.get(source);
    if (previous && typeChanged(previous, field)) typeChanges.push({ field: column, from: previous.type, to: field.type, unconvertible: 0, samples: [] });
  }
  return { created: before === null, added, renamed, removed, typeChanges, problems };
}
