import { Type, type Static } from '@sinclair/typebox';

/** GET /orders/held?search=: the orders on hold the till can resume (newest first, at most 20). Search
 *  matches the start of the order code or of the customer's name, case-insensitive. */
export const HeldOrdersQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 120 })),
  },
  { additionalProperties: false },
);
export type HeldOrdersQuery = Static<typeof HeldOrdersQuerySchema>;

export const HELD_ORDERS_LIMIT = 20;

export interface HeldOrderAnswer {
  id: number;
  code: string;
  created_at: string;
  customer: { id: number; name: string } | null;
  user: { id: number; username: string } | null;
  total: number;
  /** Number of lines. */
  products_count: number;
}
