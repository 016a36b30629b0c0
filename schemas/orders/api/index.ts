/**
 * The orders API of spec 03 §7: request schemas the server validates and answer shapes the client reads.
 * Amounts cross the wire as decimal numbers (12.5), percentages as plain percent numbers (7.5 = 7.5 %),
 * quantities as numbers; the server converts to integer money with schemas/money.
 *
 * One module per call (its request schema and answer); wire.ts holds the scalars and lists they share,
 * answers.ts the order, line, payment and refund shapes several calls answer.
 */
export * from './wire';
export * from './params';
export * from './checkInfo';
export * from './checkout';
export * from './orderStatus';
export * from './payments';
export * from './updateProducts';
export * from './refund';
export * from './instalments';
export * from './posProducts';
export * from './held';
export * from './paymentFees';
export * from './answers';
export * from './couponCheck';
