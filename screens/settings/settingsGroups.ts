import type { OptionKey } from '../../schemas/options';

export interface SettingsGroup {
  id: string;
  title: string;
  /** Each option of the group with its label, in display order. */
  options: ReadonlyArray<{ key: OptionKey; label: string; description?: string }>;
}

/** How the Settings page lays out the system options; every option key belongs to exactly one group. */
export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    id: 'store',
    title: 'Store',
    options: [
      { key: 'ns_store_name', label: 'Store Name' },
      {
        key: 'ns_store_timezone',
        label: 'Time Zone',
        description: "The store's IANA time zone, e.g. America/Chicago: order codes, vendor months, due dates and shown times follow it.",
      },
      { key: 'ns_enable_coupon', label: 'Enable Coupons' },
    ],
  },
  {
    id: 'pos',
    title: 'POS',
    options: [
      { key: 'ns_pos_numpad', label: 'Numpad', description: 'The numpad used to edit prices and quantities.' },
      { key: 'ns_pos_allow_decimal_quantities', label: 'Allow Decimal Quantities' },
      { key: 'unit_price_editable', label: 'Editable Unit Price' },
      { key: 'products_discount', label: 'Product Discount' },
      { key: 'cart_discount', label: 'Cart Discount' },
      {
        key: 'ns_pos_print_receipt_automatically',
        label: 'Print Receipt Automatically',
        description: 'Yes: the sale receipt prints on its own after checkout.',
      },
      {
        key: 'ns_pos_scanner_key_gap',
        label: 'Scanner Key Gap',
        description: 'The longest pause, in milliseconds, between two keys of a barcode scan (10 to 200; about 50 suits most scanners).',
      },
      {
        key: 'ns_pos_check_id_above',
        label: 'Check ID Above',
        description: "A check above this amount needs the customer's ID (name, date of birth, licence number, address); 0 asks for it on every check.",
      },
    ],
  },
  {
    id: 'vendors',
    title: 'Vendors',
    options: [
      {
        key: 'vendor_default_commission',
        label: 'Default Commission',
        description: 'The commission percentage a new vendor starts with, from the day they are created.',
      },
      {
        key: 'vendor_items_need_acceptance',
        label: 'Accept Vendor Items',
        description: 'Yes: items vendors enter wait as Pending until staff accept them at drop-off. No: they go on sale at once.',
      },
      {
        key: 'settlement_minimum_payout',
        label: 'Minimum Payout',
        description: 'At month-end settlement, a balance below this is not paid: it rolls over to the next settlement.',
      },
      {
        key: 'settlement_negative_balances',
        label: 'Negative Balances',
        description: 'Carry: what a vendor owes the store is carried into the next period. Invoice: the settlement offers an invoice for it.',
      },
      {
        key: 'every_line_needs_vendor',
        label: 'Every Line Needs A Vendor',
        description: "Yes: checkout refuses a line that credits no vendor, except the store's own products (those no vendor owns).",
      },
    ],
  },
  {
    id: 'card-fees',
    title: 'Card fees',
    options: [
      { key: 'ns_pos_creditcard_toggle_fee', label: 'Charge Card Fee' },
      { key: 'ns_pos_creditcard_percentage_fee', label: 'Card Fee Percentage' },
      { key: 'ns_pos_creditcard_flat_fee', label: 'Card Flat Fee' },
      { key: 'ns_pos_creditcard_manual_percentage_fee', label: 'Manual Card Fee Percentage' },
      { key: 'ns_pos_creditcard_manual_flat_fee', label: 'Manual Card Flat Fee' },
    ],
  },
  {
    id: 'currency',
    title: 'Currency',
    options: [
      { key: 'ns_currency_precision', label: 'Precision', description: 'Decimals shown, from 0 to 4.' },
      { key: 'ns_currency_decimal_separator', label: 'Decimal Separator' },
      { key: 'ns_currency_thousand_separator', label: 'Thousand Separator' },
      { key: 'ns_currency_prefered', label: 'Preferred Display' },
      { key: 'ns_currency_iso', label: 'Currency ISO', description: 'Three capital letters, e.g. USD.' },
      { key: 'ns_currency_symbol', label: 'Currency Symbol' },
      { key: 'ns_currency_position', label: 'Currency Position' },
    ],
  },
  {
    id: 'printing',
    title: 'Printing',
    options: [
      { key: 'ns_pos_printing_gateway', label: 'Printing Gateway' },
      { key: 'ns_pos_printing_sale_url', label: 'Sale Receipt URL', description: 'Contains {reference_id}.' },
      { key: 'ns_pos_printing_payment_url', label: 'Payment Receipt URL', description: 'Contains {reference_id}.' },
      { key: 'ns_pos_printing_refund_url', label: 'Refund Receipt URL', description: 'Contains {reference_id}.' },
    ],
  },
  {
    id: 'registers',
    title: 'Registers',
    options: [
      {
        key: 'ns_registers_difference_threshold',
        label: 'Closing Difference Threshold',
        description: 'A register closed over or short by more than this needs a manager to accept it with a note.',
      },
    ],
  },
  {
    id: 'qa',
    title: 'QA',
    options: [
      {
        key: 'qa_record_scenarios',
        label: 'Record Scenarios',
        description:
          "Yes: every browser signed in to this store records what each flow receives; the user menu's Download scenario saves it as a scenario file.",
      },
    ],
  },
];
