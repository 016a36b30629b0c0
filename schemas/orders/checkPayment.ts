import type { Money } from '../money';
import type { CheckInfo } from './api/checkInfo';
import type { CheckoutBody, PaymentInput } from './api/checkout';

/**
 * Check payments (spec 03 §2 ID Information): every check carries its number, and a check above the store's
 * ns_pos_check_id_above amount also carries the customer's ID — name, date of birth, licence number and
 * address, read from a driver's-licence scan or typed. The server refuses a check without them; the till
 * and the Payments tab ask for them with the same rule before sending.
 */

/** payment_types.identifier of the check tender. */
export const CHECK_PAYMENT = 'check';

export const CHECK_NUMBER_REQUIRED = 'Please provide the check number.';
export const CHECK_ID_REQUIRED = "A check of this amount needs the customer's ID: scan the driver's licence or type it.";

/** The ID a check above the store's amount needs, in the order the popup and the Payments tab show them. */
export const CHECK_ID_FIELDS = ['fullName', 'dateOfBirth', 'licenseNumber', 'address'] as const;
export type CheckIdField = (typeof CHECK_ID_FIELDS)[number];

const present = (text: string | undefined) => typeof text === 'string' && text.trim() !== '';

/** Whether a check of `value` needs the customer's ID: strictly above the store's amount (0 asks on every check). */
export function checkNeedsId(value: Money, idAbove: Money): boolean {
  return value > idAbove;
}

/**
 * What a check payment of `value` lacks, keyed by its field under the payment (`checkinfo.checkNumber`, …),
 * or null when it may be taken. The check number first: it is what every check needs.
 */
export function checkPaymentErrors(value: Money, info: CheckInfo | undefined, idAbove: Money): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (!present(info?.checkNumber)) errors['checkinfo.checkNumber'] = [CHECK_NUMBER_REQUIRED];
  if (checkNeedsId(value, idAbove)) {
    for (const field of CHECK_ID_FIELDS) if (!present(info?.[field])) errors[`checkinfo.${field}`] = [CHECK_ID_REQUIRED];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The check information as stored: each text trimmed, the empty ones left out. */
export function storedCheckInfo(info: CheckInfo): CheckInfo {
  const stored: CheckInfo = {};
  for (const [key, text] of Object.entries(info) as Array<[keyof CheckInfo, string | undefined]>) {
    if (present(text)) stored[key] = text!.trim();
  }
  return stored;
}

/** The ID is for staff: anyone else who may see the order (its customer) sees the check number only. */
export function visibleCheckInfo(info: CheckInfo, staff: boolean): CheckInfo {
  if (staff) return info;
  return info.checkNumber === undefined ? {} : { checkNumber: info.checkNumber };
}

/**
 * A checkout's check payment without check information of its own takes the body's extra.checkinfo (the
 * order's, spec 03 §2), so a till that sends it there is held to the same rule.
 */
export function withCheckoutCheckInfo(payment: PaymentInput, body: Pick<CheckoutBody, 'extra'>): PaymentInput {
  if (payment.identifier !== CHECK_PAYMENT || payment.checkinfo || !body.extra?.checkinfo) return payment;
  return { ...payment, checkinfo: body.extra.checkinfo };
}

/** The check information a checkout stores on its order: the last check payment's, else the body's extra.checkinfo. */
export function checkoutCheckInfo(body: Pick<CheckoutBody, 'extra' | 'payments'>): CheckInfo | null {
  const checks = body.payments.filter((payment) => payment.identifier === CHECK_PAYMENT && payment.checkinfo);
  const info = checks.at(-1)?.checkinfo ?? body.extra?.checkinfo;
  return info ? storedCheckInfo(info) : null;
}

/** The order's extra data (JSON text) as an object, {} when empty or unreadable. */
export function parseOrderExtra(text: string | null): { checkinfo?: CheckInfo; [key: string]: unknown } {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as { checkinfo?: CheckInfo }) : {};
  } catch {
    return {};
  }
}
