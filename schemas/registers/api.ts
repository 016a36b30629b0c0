import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../http';
import { MAX_DECIMALS_KEYWORD, MONEY_DECIMALS } from '../money';
import { AmountSchema } from '../numbers';

/** Request bodies of the register-session routes (server/routes/registers.ts); amounts are decimals on the wire. */

/** One row of the denominations grid: a note or coin value and how many of it are in the drawer. */
export const DenominationCountSchema = Type.Object(
  {
    denomination: Type.Number({ exclusiveMinimum: 0, maximum: 100_000, [MAX_DECIMALS_KEYWORD]: MONEY_DECIMALS }),
    quantity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export type DenominationCount = Static<typeof DenominationCountSchema>;

/** A drawer count: by denomination (`counts`) or as one `total`; never negative (the schemas' minimum is 0). */
const CountFields = {
  counts: Type.Optional(Type.Array(DenominationCountSchema, { maxItems: 40 })),
  total: Type.Optional(AmountSchema),
};

export const OpenSessionBodySchema = Type.Object({ register_id: IdSchema, ...CountFields }, { additionalProperties: false });
export type OpenSessionBody = Static<typeof OpenSessionBodySchema>;

export const CASH_MOVE_TYPES = ['in', 'out'] as const;
export type CashMoveType = (typeof CASH_MOVE_TYPES)[number];

export const CashMoveBodySchema = Type.Object(
  {
    type: Type.Union(CASH_MOVE_TYPES.map((type) => Type.Literal(type))),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, [MAX_DECIMALS_KEYWORD]: MONEY_DECIMALS }),
    reason: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type CashMoveBody = Static<typeof CashMoveBodySchema>;

export const CloseSessionBodySchema = Type.Object({ ...CountFields, note: Type.Optional(Type.String({ maxLength: 1000 })) }, { additionalProperties: false });
export type CloseSessionBody = Static<typeof CloseSessionBodySchema>;

export const AcceptDifferenceBodySchema = Type.Object({ note: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false });
export type AcceptDifferenceBody = Static<typeof AcceptDifferenceBodySchema>;

export const SessionListQuerySchema = Type.Object(
  {
    register_id: Type.Optional(IdSchema),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  { additionalProperties: false },
);
export type SessionListQuery = Static<typeof SessionListQuerySchema>;
