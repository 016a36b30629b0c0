import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../engine/http';
import { emptyCart } from '../../machines/orders/checkoutCart';
import { checkCartCoupons, isExactCode, searchCustomers, submitOrder } from './posApi';

afterEach(() => vi.restoreAllMocks());

describe('the till calls', () => {
  it("rejects a refused checkout with the server's message", async () => {
    const response = {
      status: 422,
      statusText: '',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: { status: 'failed', message: 'Not enough stock for Mug.' },
    };
    vi.spyOn(http, 'post').mockRejectedValue(new AxiosError('Request failed with status code 422', '422', undefined, undefined, response));
    await expect(submitOrder({ body: { products: [{ product_type: 'dynamic', quantity: 1 }], payments: [] }, heldOrderId: null })).rejects.toThrow(
      'Not enough stock for Mug.',
    );
  });

  it('searches one server page of customers and names them', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: { data: [{ $id: 3, first_name: 'Jane', last_name: 'Doe' }] } });
    await expect(searchCustomers(' jan ')).resolves.toEqual([{ id: 3, name: 'Jane Doe' }]);
    expect(get).toHaveBeenCalledWith('/crud/ns.customers', { params: { per_page: 10, page: 1, search: 'jan' } });
  });

  it('treats an exact barcode or sku as a scan', () => {
    const product = {
      id: 1,
      name: 'Mug',
      barcode: '100000000031',
      sku: 'SKU-0031',
      product_type: 'product' as const,
      tax_type: 'inclusive' as const,
      units: [],
    };
    expect(isExactCode(product, ' 100000000031 ')).toBe(true);
    expect(isExactCode(product, 'SKU-0031')).toBe(true);
    expect(isExactCode(product, '1000000000')).toBe(false);
  });

  it('names the held order a resumed cart finishes when it checks coupons', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { coupons: [], total_coupons: 0 } });
    const line = {
      key: 'a',
      product_id: null,
      unit_id: null,
      unit_name: null,
      product_type: 'dynamic' as const,
      name: 'Basket',
      unit_price: 20,
      quantity: 1,
      tax_type: 'exclusive' as const,
      discount: null,
      vendor: null,
    };
    await checkCartCoupons({ ...emptyCart(), heldOrderId: 42, lines: [line] }, ['TEN']);
    await checkCartCoupons({ ...emptyCart(), lines: [line] }, ['TEN']);
    expect(post.mock.calls.map(([, body]) => (body as { held_order_id?: number }).held_order_id)).toEqual([42, undefined]);
  });
});
