import type { Selectable } from 'kysely';
import type { OrderProductsTable } from '../../db/schema';
import { invalid } from '../../errors';
import type { SystemOptions } from '../../../schemas/options';
import type { LineEdit } from '../../../schemas/orders/api';
import { lineVendorRefusal } from '../../../schemas/orders/vendorRequired';
import type { Trx } from './core';

type LineRow = Selectable<OrderProductsTable>;

/**
 * A line edit that takes a line's vendor away is refused under every_line_needs_vendor, as checkout would
 * refuse the line (schemas/orders/vendorRequired.ts); the line is named by its position in the order.
 * Lines already without a vendor (sold before the option was on) stay editable in every other way.
 */
export async function assertEditKeepsVendor(
  trx: Trx,
  lines: readonly LineRow[],
  line: LineRow,
  edit: LineEdit,
  index: number,
  options: SystemOptions,
): Promise<void> {
  if (edit.vendor_id !== null || line.vendor_id === null || options.every_line_needs_vendor !== 'yes') return;
  const product =
    line.product_id === null ? undefined : await trx.selectFrom('products').select('vendor_id').where('id', '=', line.product_id).executeTakeFirst();
  const position = [...lines].sort((a, b) => a.id - b.id).findIndex((candidate) => candidate.id === line.id);
  const refusal = lineVendorRefusal(
    { name: line.name, vendor_id: null, product_id: product ? line.product_id : null, owner: product?.vendor_id ?? null },
    position,
    'yes',
  );
  if (refusal) throw invalid(refusal, { [`products.${index}.vendor_id`]: [refusal] });
}
