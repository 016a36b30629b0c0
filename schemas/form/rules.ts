/**
 * Field validation rules of spec 01 §5, pure: the browser form and the server run this same code,
 * so one bad input fails on both sides with the same message.
 */

export type Rule = { name: 'required' } | { name: 'email' } | { name: 'min'; value: number } | { name: 'max'; value: number };

export type RuleIdentifier = Rule['name'];

/** One failed rule, as spec 01 §3 "Form error item" names it. */
export interface RuleFailure {
  /** The rule, or 'invalid' (the spec's identifier) when the field type's own check refused the value (schemas/fieldTypes/). */
  identifier: RuleIdentifier | 'invalid';
  message: string;
}

export const REQUIRED_MESSAGE = 'This field is required.';
export const PHONE_REQUIRED_MESSAGE = 'Phone number is required.';
export const EMAIL_MESSAGE = 'This field must contain a valid email address.';

/** Local part, @, domain, a 2 to 4 letter suffix (spec 01 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

/** Parses 'required|email|min:3' or ['required', 'max:10']; unknown rules and bad bounds are ignored. */
export function parseRules(validation: string | readonly string[] | undefined | null): Rule[] {
  if (!validation) return [];
  const parts = typeof validation === 'string' ? validation.split('|') : validation;
  const rules: Rule[] = [];
  for (const raw of parts) {
    const [name = '', argument] = raw
      .trim()
      .split(':', 2)
      .map((piece) => piece.trim());
    if (name === 'required' || name === 'email') rules.push({ name });
    else if ((name === 'min' || name === 'max') && argument !== undefined && argument !== '' && Number.isFinite(Number(argument))) {
      rules.push({ name, value: Number(argument) });
    }
  }
  return rules;
}

/** Undefined, null, or of zero length (an empty string or an empty list). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
  return false;
}

function checkMinMax(rule: Extract<Rule, { name: 'min' | 'max' }>, value: unknown, numeric: boolean): RuleFailure | null {
  // Numbers compare by value; strings by length (spec 01 §5); other values have no size to check.
  const size =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && numeric && value.trim() !== '' && Number.isFinite(Number(value))
        ? Number(value)
        : typeof value === 'string'
          ? value.length
          : null;
  if (size === null) return null;
  const byValue = typeof value === 'number' || numeric;
  const unit = byValue ? '' : ' characters';
  if (rule.name === 'min' && size < rule.value) return { identifier: 'min', message: `This field must be at least ${rule.value}${unit}.` };
  if (rule.name === 'max' && size > rule.value) return { identifier: 'max', message: `This field must not exceed ${rule.value}${unit}.` };
  return null;
}

/**
 * Every failure of `rules` on `value`. `type` is the field type: 'phone' words the required message
 * its own way, 'number' compares numeric text by value. Empty optional values pass the other rules.
 */
export function checkRules(rules: readonly Rule[], value: unknown, type?: string): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const empty = isEmptyValue(value);
  for (const rule of rules) {
    if (rule.name === 'required') {
      if (empty) failures.push({ identifier: 'required', message: type === 'phone' ? PHONE_REQUIRED_MESSAGE : REQUIRED_MESSAGE });
      continue;
    }
    if (empty) continue;
    if (rule.name === 'email') {
      if (typeof value !== 'string' || !EMAIL_PATTERN.test(value)) failures.push({ identifier: 'email', message: EMAIL_MESSAGE });
      continue;
    }
    const failure = checkMinMax(rule, value, type === 'number');
    if (failure) failures.push(failure);
  }
  return failures;
}
