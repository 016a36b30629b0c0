import { conflict } from '../../errors';
import expenses from '../../../schemas/crud/expenses.json';
import type { CrudHooks } from './types';

/** The category ids the expense form's rules name (4–7, spec 01 §4–5), read from that declaration. */
const RULE_CATEGORY_IDS: ReadonlySet<number> = new Set(
  (expenses.fieldRules ?? []).filter((rule) => rule.when.field === 'general.category_id').flatMap((rule) => rule.when.in.map(Number)),
);

export const RULE_CATEGORY_MESSAGE = 'This category changes the expense form and cannot be deleted.';

/** Expense categories: the ones the expense form's rules refer to stay. */
export default {
  async beforeDelete(id) {
    if (RULE_CATEGORY_IDS.has(id)) throw conflict(RULE_CATEGORY_MESSAGE);
  },
} satisfies CrudHooks;
