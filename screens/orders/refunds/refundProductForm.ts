import type { Field } from '../../../schemas/form/field';
import { REFUND_PRODUCT_FIELD_RULES } from '../../../schemas/orders/api';
import { fieldRuleEffects, validateForm } from '../../../schemas/form/validate';
import type { RefundProductChoice } from '../../../machines/orders/refundLines';

/** Spec 03 §5 "Refund product popup": the form's own check. */
export const FORM_INVALID_MESSAGE = 'The form is not valid.';

export type RefundFormValues = Record<string, unknown>;

/** The fields' starting values: each field's `value`, the quantity chosen beforehand, the line's unit price. */
export function initialRefundValues(fields: readonly Field[], quantity: number, unitPrice: number): RefundFormValues {
  const values: RefundFormValues = {};
  for (const field of fields) if (field.value !== undefined) values[field.name] = field.value;
  values.quantity = quantity;
  if (values.unit_price === undefined || values.unit_price === null) values.unit_price = unitPrice;
  return values;
}

/** The fields hidden for the current values (refund_product hides discount and tax). */
export function hiddenRefundFields(values: RefundFormValues): Set<string> {
  return fieldRuleEffects(values, REFUND_PRODUCT_FIELD_RULES).hidden;
}

/** Field errors by name (hidden fields skipped), with the declarations' validation strings. */
export function refundFormErrors(fields: readonly Field[], values: RefundFormValues): Record<string, string[]> {
  const hidden = hiddenRefundFields(values);
  const visible = fields.filter((field) => !hidden.has(field.name) && !field.hidden);
  const byKey = validateForm({ tabs: { refund: { label: 'Refund', fields: visible } } }, { refund: values });
  return Object.fromEntries(Object.entries(byKey).map(([key, messages]) => [key.replace(/^refund\./, ''), messages]));
}

function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** The popup's values as the refund machine's choice for a line, or the form's refusal. */
export function choiceOf(orderProductId: number, values: RefundFormValues): { ok: true; choice: RefundProductChoice } | { ok: false; message: string } {
  const refundType = values.refund_type === 'refund_payment' ? 'refund_payment' : values.refund_type === 'refund_product' ? 'refund_product' : null;
  const condition = values.condition === 'damaged' || values.condition === 'unspoiled' ? values.condition : null;
  const quantity = numberOf(values.quantity);
  if (!refundType || !condition || !Number.isFinite(quantity)) return { ok: false, message: FORM_INVALID_MESSAGE };
  const choice: RefundProductChoice = {
    orderProductId,
    refund_type: refundType,
    condition,
    description: typeof values.description === 'string' ? values.description : '',
    quantity,
  };
  if (refundType === 'refund_payment') {
    choice.unit_price = numberOf(values.unit_price);
    const discount = numberOf(values.discount);
    if (Number.isFinite(discount)) choice.discount_percentage = discount;
  }
  return { ok: true, choice };
}
