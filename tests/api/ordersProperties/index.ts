/**
 * Random sequences of what a store does with orders — checkouts (cash with change, card with its fee,
 * a vendor's account, layaways with instalments, save-unpaid, hold; line and cart discounts, edited
 * prices), payments, line edits, refunds (returns and price refunds), instalments, voids and deletes —
 * sent through the HTTP API exactly as the till and the Order Options popup send them (signed-in
 * cashier and customer sessions), with every invariant of the money core checked after every step.
 *
 * Shared by the API suite (tests/api/orders-properties.test.ts, a small run with a fixed seed) and
 * the long run in bench/ (`npm run bench -- properties`).
 */
export { INVARIANTS, KNOWN_OPEN, PropertyFailure } from './invariants';
export type { Invariant, Violation } from './invariants';
export { CATALOGUE, actionArb, sequenceArb } from './actions';
export type { Action, CheckoutPay, LineGen, Tender } from './actions';
export { openPropertyStore } from './sequence';
export type { PropertyStore } from './sequence';
export { runSequence } from './run';
export type { SequenceResult } from './run';
