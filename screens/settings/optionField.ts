import type { TSchema } from '@sinclair/typebox';
import type { FieldOption } from '../../engine/fields';
import { OPTION_SCHEMAS, type OptionKey } from '../../schemas/options';

export interface OptionFieldSpec {
  type: 'select' | 'number' | 'text';
  options?: FieldOption[];
}

const LITERAL_LABELS: Record<string, string> = {
  yes: 'Yes',
  no: 'No',
  '1': 'Yes',
  '0': 'No',
  iso: 'ISO',
};

function labelOfLiteral(value: string | number): string {
  const known = LITERAL_LABELS[String(value)];
  if (known) return known;
  const text = String(value);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The literal values of a schema that is a literal or a union of literals; undefined otherwise. */
function literalsOf(schema: TSchema): Array<string | number> | undefined {
  const isLiteral = (candidate: unknown): candidate is { const: string | number } =>
    typeof candidate === 'object' &&
    candidate !== null &&
    'const' in candidate &&
    ['string', 'number'].includes(typeof (candidate as { const: unknown }).const);
  if (isLiteral(schema)) return [schema.const];
  const members: unknown = schema.anyOf;
  if (Array.isArray(members) && members.length > 0 && members.every(isLiteral)) {
    return members.map((member) => member.const);
  }
  return undefined;
}

/** Picks the field for an option from its schema: literals → select, numbers → number, anything else → text. */
export function optionFieldOf(key: OptionKey): OptionFieldSpec {
  const schema: TSchema = OPTION_SCHEMAS[key];
  const literals = literalsOf(schema);
  if (literals) return { type: 'select', options: literals.map((value) => ({ label: labelOfLiteral(value), value })) };
  if (schema.type === 'number' || schema.type === 'integer') return { type: 'number' };
  return { type: 'text' };
}
