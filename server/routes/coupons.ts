import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { CouponCheckBodySchema, type CouponCheckBody } from '../../schemas/orders/api';
import { checkCartCoupons } from '../services/coupons/check';

/** The till's coupon check; the coupons themselves are the ns.coupons CRUD resource. */
export function couponRoutes(app: FastifyInstance, database: Database): void {
  app.post<{ Body: CouponCheckBody }>(
    '/pos/coupons/check',
    {
      schema: { body: CouponCheckBodySchema },
      config: { permission: 'pos.use' },
    },
    (request) => checkCartCoupons(database, request.body),
  );
}
