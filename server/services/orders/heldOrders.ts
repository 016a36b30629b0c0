import { sql } from 'kysely';
import type { Database } from '../../db';
import { toDecimal } from '../../../schemas/money';
import { HELD_ORDERS_LIMIT, type HeldOrderAnswer } from '../../../schemas/orders/api';
import { escapeLike } from '../../crud/listQuery';

/** GET /orders/held: parked orders, newest first; the search matches the start of the code or customer name. */
export async function listHeldOrders(database: Database, search: string | undefined): Promise<HeldOrderAnswer[]> {
  let query = database.db
    .selectFrom('orders as o')
    .leftJoin('customer_names as cn', 'cn.id', 'o.customer_id')
    .leftJoin('users as a', 'a.id', 'o.author_id')
    .select((eb) => [
      'o.id',
      'o.code',
      'o.created_at',
      'o.customer_id',
      'cn.name as customer_name',
      'o.author_id',
      'a.username',
      'o.total',
      eb
        .selectFrom('order_products as op')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('op.order_id', '=', 'o.id')
        .as('products_count'),
    ])
    .where('o.payment_status', '=', 'hold');
  const term = search?.trim().toLowerCase() ?? '';
  if (term !== '') {
    const pattern = `${escapeLike(term)}%`;
    query = query.where((eb) => eb.or([sql<boolean>`lower(o.code) like ${pattern} escape '\\'`, sql<boolean>`lower(cn.name) like ${pattern} escape '\\'`]));
  }
  const rows = await query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(HELD_ORDERS_LIMIT).execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    created_at: row.created_at,
    customer: row.customer_id !== null ? { id: row.customer_id, name: row.customer_name ?? '' } : null,
    user: row.username !== null ? { id: row.author_id, username: row.username } : null,
    total: toDecimal(row.total),
    products_count: Number(row.products_count ?? 0),
  }));
}
