import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';

/** Spec 03 §7: line edits, refunds and instalments of an order. */
export function orderFlowRoutes(_app: FastifyInstance, _database: Database): void {
  // Filled in by the refunds / instalments / line edits work.
}
