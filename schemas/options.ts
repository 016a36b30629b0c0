import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { RoleSchema } from './roles';
import { MAX_DECIMALS_KEYWORD, MONEY_DECIMALS } from './money';
import { machineTimeZone } from './format/businessTime';

const YesNo = Type.Union([Type.Literal('yes'), Type.Literal('no')]);
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Percent = Type.Number({ minimum: 0, maximum: 100, [MAX_DECIMALS_KEYWORD]: MONEY_DECIMALS });
const Amount = Type.Number({ minimum: 0, maximum: 1_000_000, [MAX_DECIMALS_KEYWORD]: MONEY_DECIMALS });
const PrintingUrl = Type.String({ maxLength: 500, pattern: '^(/|https?://)[^\\s<>"]*$' });

/**
 * The system options the client reads (spec 01 §3 currency and printing, spec 03 §3 system options).
 * One declaration: its keys are the only ones the server stores, its types validate POST /options.
 */
export const OPTION_SCHEMAS = {
  ns_store_name: Type.String({ minLength: 1, maxLength: 120 }),
  // IANA name; the schema bounds its shape, the options service checks the platform knows the zone.
  ns_store_timezone: Type.String({ minLength: 1, maxLength: 64 }),
  ns_enable_coupon: Flag,
  ns_pos_numpad: Type.Union([Type.Literal('default'), Type.Literal('advanced')]),
  ns_pos_allow_decimal_quantities: YesNo,
  ns_pos_creditcard_toggle_fee: Flag,
  ns_pos_creditcard_percentage_fee: Percent,
  ns_pos_creditcard_flat_fee: Amount,
  ns_pos_creditcard_manual_percentage_fee: Percent,
  ns_pos_creditcard_manual_flat_fee: Amount,
  unit_price_editable: YesNo,
  products_discount: YesNo,
  cart_discount: YesNo,
  // A new vendor's commission from the day they are created (spec 02 §9), so no vendor sells commission-free by omission.
  vendor_default_commission: Percent,
  // 'yes': items vendors enter wait as 'pending' until staff accept them at drop-off; 'no': they go on sale at once.
  vendor_items_need_acceptance: YesNo,
  // Month-end settlement: a positive balance below this is not paid but rolls over to the next run.
  settlement_minimum_payout: Amount,
  // 'carry': a negative balance is carried into the next period; 'invoice': the run offers an invoice for it.
  settlement_negative_balances: Type.Union([Type.Literal('carry'), Type.Literal('invoice')]),
  // 'yes': checkout refuses a line that credits no vendor, the store's own catalogue goods excepted (schemas/orders/vendorRequired.ts).
  every_line_needs_vendor: YesNo,
  ns_currency_precision: Type.Integer({ minimum: 0, maximum: 4 }),
  ns_currency_decimal_separator: Type.String({ minLength: 1, maxLength: 1 }),
  ns_currency_thousand_separator: Type.String({ maxLength: 1 }),
  ns_currency_prefered: Type.Union([Type.Literal('iso'), Type.Literal('symbol')]),
  ns_currency_iso: Type.String({ pattern: '^[A-Z]{3}$' }),
  ns_currency_symbol: Type.String({ minLength: 1, maxLength: 5 }),
  ns_currency_position: Type.Union([Type.Literal('before'), Type.Literal('after')]),
  ns_pos_printing_gateway: Type.Literal('default'),
  ns_pos_printing_sale_url: PrintingUrl,
  ns_pos_printing_payment_url: PrintingUrl,
  ns_pos_printing_refund_url: PrintingUrl,
  // Register sessions: a closing difference (over or short) above this amount needs a manager's acceptance with a note.
  ns_registers_difference_threshold: Amount,
  // The till: whether the sale receipt prints on its own after checkout, and the longest pause (ms)
  // between two keys of a barcode scan (scanners type a code in a burst; people type slower).
  ns_pos_print_receipt_automatically: YesNo,
  ns_pos_scanner_key_gap: Type.Integer({ minimum: 10, maximum: 200 }),
  // Check payments: a check above this amount needs the customer's ID (schemas/orders/checkPayment.ts); 0 asks on every check.
  ns_pos_check_id_above: Amount,
  // QA: 'yes' records the events each flow's machine receives in the browser, for Download scenario.
  qa_record_scenarios: YesNo,
} as const satisfies Record<string, TSchema>;

export type OptionKey = keyof typeof OPTION_SCHEMAS;
export type SystemOptions = { [K in OptionKey]: Static<(typeof OPTION_SCHEMAS)[K]> };

export const OPTION_KEYS = Object.keys(OPTION_SCHEMAS) as OptionKey[];

/** The values a new store starts with. */
export const DEFAULT_OPTIONS: SystemOptions = {
  ns_store_name: 'Demo Vendor Mall',
  // The machine's zone: a store usually runs its server where it trades; administrators change it in Settings.
  ns_store_timezone: machineTimeZone(),
  ns_enable_coupon: 1,
  ns_pos_numpad: 'default',
  ns_pos_allow_decimal_quantities: 'no',
  ns_pos_creditcard_toggle_fee: 1,
  ns_pos_creditcard_percentage_fee: 3,
  ns_pos_creditcard_flat_fee: 0.3,
  ns_pos_creditcard_manual_percentage_fee: 3.5,
  ns_pos_creditcard_manual_flat_fee: 0.3,
  unit_price_editable: 'yes',
  products_discount: 'yes',
  cart_discount: 'yes',
  vendor_default_commission: 7.5,
  vendor_items_need_acceptance: 'no',
  settlement_minimum_payout: 10,
  settlement_negative_balances: 'carry',
  // On for a new store; a store that already sold before the option existed keeps it off (migration 019).
  every_line_needs_vendor: 'yes',
  ns_currency_precision: 2,
  ns_currency_decimal_separator: '.',
  ns_currency_thousand_separator: ',',
  ns_currency_prefered: 'symbol',
  ns_currency_iso: 'USD',
  ns_currency_symbol: '$',
  ns_currency_position: 'before',
  ns_pos_printing_gateway: 'default',
  ns_pos_printing_sale_url: '/api/nexopos/v4/receipts/sale/{reference_id}',
  ns_pos_printing_payment_url: '/api/nexopos/v4/receipts/payment/{reference_id}',
  ns_pos_printing_refund_url: '/api/nexopos/v4/receipts/refund/{reference_id}',
  ns_registers_difference_threshold: 5,
  ns_pos_print_receipt_automatically: 'yes',
  ns_pos_scanner_key_gap: 50,
  ns_pos_check_id_above: 0,
  qa_record_scenarios: 'no',
};

/** POST /options: any subset of the known options; unknown keys are refused. */
export const OptionsUpdateSchema = Type.Partial(Type.Object(OPTION_SCHEMAS, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
});
export type OptionsUpdate = Static<typeof OptionsUpdateSchema>;

/**
 * GET /options: every option plus the signed-in user's role (spec 03 §3 ns_user_role) and whether the
 * realtime connection is enabled in the server's configuration (spec 01 §1), neither of them stored.
 */
export const OptionsAnswerSchema = Type.Intersect([
  Type.Object(OPTION_SCHEMAS),
  Type.Object({ ns_user_role: RoleSchema, ns_realtime_enabled: Type.Boolean() }),
]);
export type OptionsAnswer = SystemOptions & { ns_user_role: Static<typeof RoleSchema>; ns_realtime_enabled: boolean };
