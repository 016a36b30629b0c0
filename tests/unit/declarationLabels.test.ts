import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import type { Field } from '../../schemas/form/field';
import { labelOf } from '../../schemas/labels';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'schemas', 'crud');
const DECLARATIONS = fs
  .readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({ file, declaration: JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as ResourceDeclaration }));

function fieldsOf(declaration: ResourceDeclaration): Field[] {
  const form = declaration.form;
  const formFields = form ? [...(form.main ? [form.main] : []), ...Object.values(form.tabs).flatMap((tab) => tab.fields)] : [];
  return [...(declaration.queryFilters ?? []), ...formFields];
}

/** A list cell and the filter or form offering the same codes must read the same words: both come from schemas/labels. */
describe('labelled list columns', () => {
  it('are the columns the issue found showing codes', () => {
    const labelled = DECLARATIONS.flatMap(({ file, declaration }) =>
      Object.entries(declaration.columns)
        .filter(([, column]) => column.labels)
        .map(([key, column]) => `${file}:${key}:${column.labels}${column.type === 'badge' ? ':badge' : ''}`),
    );
    expect(labelled.sort()).toEqual([
      'audit-log.json:action:audit_action',
      'audit-log.json:entity_type:audit_entity',
      'cash-registers.json:status:register_status:badge',
      'coupons.json:target:coupon_target',
      'coupons.json:type:coupon_type',
      'orders.json:payment_status:payment_status:badge',
      'products.json:status:product_status:badge',
      'products.json:tax_type:tax_type',
      'products.json:type:product_type',
      'users.json:role:role',
      'vendor-items.json:status:product_status:badge',
    ]);
  });

  it('offer in their filters and forms the labels of schemas/labels', () => {
    let compared = 0;
    for (const { file, declaration } of DECLARATIONS) {
      for (const [key, column] of Object.entries(declaration.columns)) {
        if (!column.labels) continue;
        for (const field of fieldsOf(declaration).filter((candidate) => candidate.name === key && candidate.options)) {
          for (const option of field.options!) {
            expect(`${file}:${key}:${option.label}`).toBe(`${file}:${key}:${labelOf(column.labels, option.value)}`);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(71);
  });
});
