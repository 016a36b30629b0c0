import { REQUIRED_MESSAGE } from '../../../schemas/form/rules';
import { numberValue } from '../../services/userAccounts';
import type { CrudHooks } from './types';

/** Occurrences counted in days need the number of days. */
const OCCURRENCES_WITH_DAYS = new Set(['x_after_month_starts', 'x_before_month_ends']);

/**
 * Expenses. The category rules of spec 01 §4–5 are the declaration's fieldRules; this adds what follows
 * from them: a recurring expense says when it recurs, and flags emptied by a rule are stored as 0.
 */
export default {
  async validate(values): Promise<Record<string, string[]>> {
    const general = (values.general ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    const occurrence = general.occurrence;
    if (numberValue(general.recurring) === 1 && (occurrence === null || occurrence === undefined || occurrence === '')) {
      errors['general.occurrence'] = [REQUIRED_MESSAGE];
    }
    if (typeof occurrence === 'string' && OCCURRENCES_WITH_DAYS.has(occurrence) && numberValue(general.occurrence_value) === null) {
      errors['general.occurrence_value'] = [REQUIRED_MESSAGE];
    }
    return errors;
  },

  async beforeSave(row) {
    const next: Record<string, unknown> = { ...row, recurring: numberValue(row.recurring) ?? 0, is_late_fee: numberValue(row.is_late_fee) ?? 0 };
    if (next.recurring === 0) {
      next.occurrence = null;
      next.occurrence_value = null;
    }
    return next;
  },
} satisfies CrudHooks;
