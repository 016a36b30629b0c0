import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';

/**
 * Spec 03 §7 order calls and the till's checkout: orders, payments, void, delete, processing and
 * delivery, payment types, cash registers, the refund-product fields and the till's product search.
 */
export function orderRoutes(_app: FastifyInstance, _database: Database): void {
  // Filled in by the orders core work.
}
