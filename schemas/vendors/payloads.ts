import { Type, type Static } from '@sinclair/typebox';
import { FEE_NAMES } from './feeEntry';
import { PRORATE_MODES } from './computeProrateFee';
import { DbIntegerSchema, DecimalAmountSchema } from '../numbers';
import { MAX_DB_INTEGER } from '../money';

/** Request shapes of spec 02 §7 and spec 03 §7 for the vendor routes; the server validates with these. */

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** A decimal amount as a JSON number or a plain decimal text ("12.50"), within ±MAX_AMOUNT, four decimals at most. */
export const DecimalSchema = DecimalAmountSchema;
/** A vendor number (users.vendor_id), as order lines and fee entries carry it. */
export const VendorNumberSchema = DbIntegerSchema(1);
const CalendarDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const VendorListQuerySchema = Type.Object({
  filter: Type.Optional(literals(['active', 'all'] as const)),
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
export type VendorListQuery = Static<typeof VendorListQuerySchema>;

export const FeeTermsParamsSchema = Type.Object({ name: literals(FEE_NAMES), vendor_id: VendorNumberSchema }, { additionalProperties: false });
export type FeeTermsParams = Static<typeof FeeTermsParamsSchema>;

export const VendorNumberParamsSchema = Type.Object({ vendor_id: VendorNumberSchema }, { additionalProperties: false });
export type VendorNumberParams = Static<typeof VendorNumberParamsSchema>;

export const FeeEntryBodySchema = Type.Object(
  {
    value: DecimalSchema,
    name: literals(FEE_NAMES),
    vendor_id: VendorNumberSchema,
    // Free text here so a bad month, day or year gets the spec's own message (feeStartError).
    start: Type.String({ minLength: 1, maxLength: 20 }),
    is_prorate: Type.Optional(Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)])),
  },
  { additionalProperties: false },
);
export type FeeEntryBody = Static<typeof FeeEntryBodySchema>;

export const ProrateBodySchema = Type.Object(
  {
    start: CalendarDateSchema,
    // Any whole number reaches the service, which answers the spec's message for a wrong count.
    days: DbIntegerSchema(-MAX_DB_INTEGER),
    newprice: DecimalSchema,
    proratefee: DecimalSchema,
    vendor_id: VendorNumberSchema,
    memo: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    calcoptions: literals(PRORATE_MODES),
    updateRentFee: literals(['yes', 'no'] as const),
  },
  { additionalProperties: false },
);
export type ProrateBody = Static<typeof ProrateBodySchema>;

export const PeriodQuerySchema = Type.Object({
  startDate: Type.Optional(CalendarDateSchema),
  endDate: Type.Optional(CalendarDateSchema),
});
export type PeriodQuery = Static<typeof PeriodQuerySchema>;

export const VendorSaleReportBodySchema = Type.Object(
  {
    startDate: Type.Optional(CalendarDateSchema),
    endDate: Type.Optional(CalendarDateSchema),
    type: Type.Literal('products_report'),
    user_id: DbIntegerSchema(1),
  },
  { additionalProperties: false },
);
export type VendorSaleReportBody = Static<typeof VendorSaleReportBodySchema>;

/** Ledger kinds: fee is charged (−), balance_payment and credit are added (+) to the vendor balance. */
export const LEDGER_KINDS = ['fee', 'balance_payment', 'credit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LedgerBodySchema = Type.Object(
  {
    vendor_id: VendorNumberSchema,
    kind: literals(LEDGER_KINDS),
    date: CalendarDateSchema,
    amount: DecimalSchema,
    memo: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type LedgerBody = Static<typeof LedgerBodySchema>;
