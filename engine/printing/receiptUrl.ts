import type { SystemOptions } from '../../schemas/options';
import type { ReceiptKind } from '../../schemas/receipts';

export { RECEIPT_KINDS, type ReceiptKind } from '../../schemas/receipts';

/** The option holding each receipt's printing URL. */
export const RECEIPT_URL_OPTIONS = {
  sale: 'ns_pos_printing_sale_url',
  payment: 'ns_pos_printing_payment_url',
  refund: 'ns_pos_printing_refund_url',
} as const satisfies Record<ReceiptKind, keyof SystemOptions>;

/** Spec 01 §7: the hidden frame is removed 5 seconds after it is added. */
export const PRINT_FRAME_LIFETIME_MS = 5000;

/** The gateway that prints through a hidden browser frame; the only one this client knows. */
export const DEFAULT_PRINTING_GATEWAY = 'default';

type PrintingOptions = Pick<SystemOptions, (typeof RECEIPT_URL_OPTIONS)[ReceiptKind]>;

/** The printing URL of a receipt with every {reference_id} replaced by the (URL-encoded) reference. */
export function receiptUrl(options: PrintingOptions, kind: ReceiptKind, referenceId: string | number): string {
  const template = options[RECEIPT_URL_OPTIONS[kind]];
  return template.replaceAll('{reference_id}', encodeURIComponent(String(referenceId)));
}
