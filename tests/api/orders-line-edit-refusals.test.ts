import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { linesOf, makeOrder, snapshot } from './ordersFixtures';
import { LOWER, useLineEditApp } from './lineEditsHelpers';
import { fromDecimal } from '../../schemas/money';

/** Line edits refused: each answers with the spec message and leaves the database as it was. */
describe.each(DIALECTS)('order line edits on %s', (dialect) => {
  const { t, edit, setOptions } = useLineEditApp(dialect);

  describe('refusals answer 422 with the spec message and change nothing', () => {
    let orderId: number;
    let mug: number;
    let birdhouse: number;
    let couponLine: number;
    beforeAll(async () => {
      orderId = await makeOrder(t, {
        lines: [
          { product: 'Hand-Thrown Mug', quantity: 2 },
          { product: 'Booth Sale Item', price: '35.00', quantity: 1 },
          { product: 'Milk Glass Vase', quantity: 1 },
        ],
        payments: [['card', '50.00']],
      });
      [mug, birdhouse, couponLine] = (await linesOf(t, orderId)).map((line) => line.id) as [number, number, number];
      await t.database.db
        .insertInto('order_coupons')
        .values({
          order_id: orderId,
          order_product_id: couponLine,
          name: 'VASE10',
          type: 'percentage_discount',
          discount_value: 100_000,
          value: fromDecimal('2.73'),
          created_at: '2026-01-05 10:00:00',
        })
        .execute();
    });

    it.each<[string, () => unknown, string, string, Record<string, unknown>?]>([
      [
        'a dynamic product price',
        () => ({ products: [{ id: birdhouse, unit_price: 40 }] }),
        'products.0.unit_price',
        "Dynamic product can't have their price updated.",
      ],
      [
        'a price with editable prices off',
        () => ({ products: [{ id: mug, unit_price: 30 }] }),
        'products.0.unit_price',
        'The editable price feature is disabled.',
        { unit_price_editable: 'no' },
      ],
      ['a price of 0', () => ({ products: [{ id: mug, unit_price: 0 }] }), 'products.0.unit_price', 'The price must be above 0.'],
      [
        'a discount with product discounts off',
        () => ({ products: [{ id: mug, discount_type: 'flat', discount: 1 }] }),
        'products.0.discount',
        "You're not allowed to add a discount on the product.",
        { products_discount: 'no' },
      ],
      [
        'the quantity of a dynamic product',
        () => ({ products: [{ id: birdhouse, quantity: 2 }] }),
        'products.0.quantity',
        'The quantity of a dynamic product cannot be changed.',
      ],
      [
        'the quantity of a line with coupons',
        () => ({ products: [{ id: couponLine, quantity: 2 }] }),
        'products.0.quantity',
        'The quantity of a product with coupons cannot be changed.',
      ],
      [
        'a decimal quantity',
        () => ({ products: [{ id: mug, quantity: 2.5 }] }),
        'products.0.quantity',
        'Unable To Proceed. Product Quantity Should Be An Integer.',
      ],
      [
        'an inactive vendor',
        () => ({ products: [{ id: mug, vendor_id: 105 }] }),
        'products.0.vendor_id',
        'The selected vendor does not exist or is not active.',
      ],
      [
        'an unknown vendor',
        () => ({ products: [{ id: mug, vendor_id: 999 }] }),
        'products.0.vendor_id',
        'The selected vendor does not exist or is not active.',
      ],
      [
        'a line of another order',
        () => ({
          products: [
            { id: mug, name: 'x' },
            { id: 1, name: 'x' },
          ],
        }),
        'products.1.id',
        'This product is not part of the order.',
      ],
      ['a lower total', () => ({ products: [{ id: mug, discount_type: 'percentage', discount_percentage: 10 }] }), 'products', LOWER],
      [
        'a payment above what is due',
        () => ({ products: [{ id: mug, quantity: 3 }], payments: [{ identifier: 'card', value: 500 }] }),
        'value',
        'The payment exceeds the amount left to pay on this order.',
      ],
      [
        'an unknown payment type',
        () => ({ products: [{ id: mug, quantity: 3 }], payments: [{ identifier: 'gold', value: 1 }] }),
        'identifier',
        'This payment type is not available.',
      ],
    ])('%s', async (_name, payload, field, message, options) => {
      if (options) await setOptions(options);
      try {
        const before = await snapshot(t);
        const response = await edit(orderId, payload());
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json()).toEqual({
          status: 'failed',
          message,
          errors: { [field]: [message] },
          field_errors: [{ identifier: 'invalid', invalid: true, message: message, name: field }],
        });
        expect(await snapshot(t)).toBe(before);
      } finally {
        if (options) await setOptions({ unit_price_editable: 'yes', products_discount: 'yes' });
      }
    });

    it('decimal quantities pass when the option allows them', async () => {
      await setOptions({ ns_pos_allow_decimal_quantities: 'yes' });
      try {
        const response = await edit(orderId, { products: [{ id: mug, quantity: 2.5 }] });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data.order.products[0]).toMatchObject({ quantity: 2.5, total_price: 55 });
      } finally {
        await setOptions({ ns_pos_allow_decimal_quantities: 'no' });
      }
    });

    it('not enough stock → 409 and nothing changes', async () => {
      const before = await snapshot(t);
      const response = await edit(orderId, { products: [{ id: mug, quantity: 10_000 }] });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Not enough stock for "Hand-Thrown Mug".');
      expect(await snapshot(t)).toBe(before);
    });

    it.each<[string, unknown]>([
      ['no products', { products: [] }],
      ['an unknown key', { products: [{ id: 1, colour: 'red' }] }],
      ['a negative price', { products: [{ id: 1, unit_price: -1 }] }],
      ['a quantity of 0', { products: [{ id: 1, quantity: 0 }] }],
      ['a string price', { products: [{ id: 1, unit_price: '3' }] }],
      ['a bad tax type', { products: [{ id: 1, tax_type: 'none' }] }],
    ])('schema: %s', async (_name, payload) => {
      const before = await snapshot(t);
      const response = await edit(orderId, payload);
      expect(response.statusCode).toBe(422);
      expect(await snapshot(t)).toBe(before);
    });
  });
});
