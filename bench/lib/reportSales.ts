import type { Database } from '../../server/db';

/**
 * A store's two years of sales for the reports bench: `lines` order lines, two per order, spread evenly
 * over `days` days up to now, sold by `vendors` vendors (numbers 101 on) from the demo catalogue (so each
 * line has a category). Every 50th order has one line refunded a day later, every 200th is voided, every
 * 100th is a layaway still collecting with an instalment due; the rest are paid, alternately cash (with
 * change) and card. Figures are consistent as the till writes them (subtotal = Σ lines, total, tendered).
 */
export async function insertReportSales(database: Database, options: { lines: number; days: number; vendors: number }): Promise<void> {
  const db = database.db;
  const author = (await db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow()).id;
  const products = await db.selectFrom('products').select(['id', 'name']).where('type', '=', 'product').orderBy('id').execute();
  const orders = Math.ceil(options.lines / 2);
  const step = (options.days * 86_400_000) / orders;
  const start = Date.now() - options.days * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const BATCH = 500;
  for (let first = 0; first < orders; first += BATCH) {
    const count = Math.min(BATCH, orders - first);
    await db.transaction().execute(async (trx) => {
      const specs = Array.from({ length: count }, (_, index) => {
        const n = first + index;
        const prices = [50_000 + (n % 37) * 10_000, 120_000 + (n % 11) * 5_000];
        const discount = n % 10 === 0 ? 10_000 : 0;
        const subtotal = prices[0]! + prices[1]! - discount;
        const kind = n % 200 === 7 ? 'void' : n % 100 === 3 ? 'layaway' : 'paid';
        const cash = n % 2 === 0;
        const change = kind === 'paid' && cash ? (100_000 - (subtotal % 100_000)) % 100_000 : 0;
        const tendered = kind === 'layaway' ? 100_000 : kind === 'void' ? 0 : subtotal + change;
        return { n, at: iso(start + Math.floor(n * step)), prices, discount, subtotal, kind, cash, change, tendered };
      });
      const ids = await trx
        .insertInto('orders')
        .values(
          specs.map((spec) => ({
            code: `RB-${spec.n}`,
            type: 'takeaway' as const,
            payment_status:
              spec.kind === 'void'
                ? ('order_void' as const)
                : spec.kind === 'layaway'
                  ? ('partially_paid' as const)
                  : spec.n % 50 === 1
                    ? ('partially_refunded' as const)
                    : ('paid' as const),
            process_status: 'done',
            delivery_status: 'pending',
            customer_id: null,
            author_id: author,
            register_id: null,
            discount_type: null,
            discount_percentage: 0,
            discount: 0,
            subtotal: spec.subtotal,
            total_coupons: 0,
            total_tax_value: 0,
            cardfee: 0,
            roundup: 0,
            shipping: 0,
            total: spec.subtotal,
            tendered: spec.tendered,
            change: spec.change,
            support_instalments: spec.kind === 'layaway' ? 1 : 0,
            extra: null,
            note: null,
            voided_at: spec.kind === 'void' ? spec.at : null,
            void_reason: spec.kind === 'void' ? 'Bench void.' : null,
            created_at: spec.at,
            updated_at: spec.at,
          })),
        )
        .returning('id')
        .execute();
      const lines = specs.flatMap((spec, index) =>
        spec.prices.map((price, part) => {
          const product = products[(spec.n + part * 3) % products.length]!;
          const discount = part === 0 ? spec.discount : 0;
          return {
            order_id: ids[index]!.id,
            product_id: product.id,
            unit_id: null,
            name: product.name,
            unit_price: price,
            quantity: 1,
            discount_type: discount > 0 ? ('flat' as const) : null,
            discount_percentage: 0,
            discount,
            tax_type: 'exclusive' as const,
            tax_value: 0,
            total_price: price - discount,
            total_price_with_tax: price - discount,
            total_price_without_tax: price - discount,
            total_product_coupons: 0,
            product_type: 'product' as const,
            vendor_id: 101 + ((spec.n * 2 + part) % options.vendors),
            buyer_id: null,
            status: 'sold',
            created_at: spec.at,
            updated_at: spec.at,
          };
        }),
      );
      const lineIds = await trx.insertInto('order_products').values(lines).returning('id').execute();
      const payments = specs
        .map((spec, index) => ({ spec, order_id: ids[index]!.id }))
        .filter(({ spec }) => spec.tendered > 0)
        .map(({ spec, order_id }) => ({
          order_id,
          identifier: spec.cash || spec.kind === 'layaway' ? 'cash-payment' : 'card',
          value: spec.tendered,
          vendor_id: null,
          author_id: author,
          created_at: spec.at,
        }));
      if (payments.length > 0) await trx.insertInto('order_payments').values(payments).execute();
      const layaways = specs.map((spec, index) => ({ spec, order_id: ids[index]!.id })).filter(({ spec }) => spec.kind === 'layaway');
      if (layaways.length > 0) {
        await trx
          .insertInto('order_instalments')
          .values(
            layaways.map(({ spec, order_id }) => ({
              order_id,
              date: iso(Date.parse(`${spec.at.replace(' ', 'T')}Z`) + 30 * 86_400_000).slice(0, 10),
              amount: spec.subtotal - spec.tendered,
              paid: 0,
              payment_id: null,
              created_at: spec.at,
              updated_at: spec.at,
            })),
          )
          .execute();
      }
      for (const [index, spec] of specs.entries()) {
        if (spec.kind !== 'paid' || spec.n % 50 !== 1) continue;
        const at = iso(Date.parse(`${spec.at.replace(' ', 'T')}Z`) + 86_400_000);
        const amount = spec.prices[0]! - spec.discount;
        const refund = await trx
          .insertInto('order_refunds')
          .values({ order_id: ids[index]!.id, total: amount, shipping: 0, author_id: author, register_id: null, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_refund_payments')
          .values({ order_refund_id: refund.id, order_id: ids[index]!.id, identifier: spec.cash ? 'cash-payment' : 'card', value: amount, created_at: at })
          .execute();
        await trx
          .insertInto('order_refunded_products')
          .values({
            order_refund_id: refund.id,
            order_id: ids[index]!.id,
            order_product_id: lineIds[index * 2]!.id,
            product_id: lines[index * 2]!.product_id,
            quantity: 1,
            discount_type: null,
            discount_percentage: 0,
            unit_price: spec.prices[0]!,
            discount: spec.discount,
            total_product_coupons: 0,
            tax_value: 0,
            total_price: amount,
            condition: 'unspoiled',
            refund_type: 'refund_product',
            description: null,
            created_at: at,
          })
          .execute();
      }
    });
  }
}
