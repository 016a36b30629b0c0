import type { BulkWriter } from './bulkWriter';
import { cachedStore } from './cachedStore';
import { benchBarcode, benchProductName } from './largeCatalogue';
import { insertReportSales } from './reportSales';
import type { BenchDialect } from './servers';

/** The sizes BENCH_SCALE picks from: products; order lines are five times as many. */
export const SCALE_SIZES = [10_000, 100_000, 1_000_000] as const;
export const SCALE_VENDORS = 500;
const DAYS = 730;
const CHUNK = 20_000;

/** BENCH_SCALE: one size or a comma-separated list ('10000,100000'); default the smallest. */
export function scaleSizes(): number[] {
  const sizes = (process.env.BENCH_SCALE ?? '10000').split(',').map((size) => Number(size.trim()));
  const unknown = sizes.filter((size) => !(SCALE_SIZES as readonly number[]).includes(size));
  if (unknown.length > 0) throw new Error(`BENCH_SCALE takes ${SCALE_SIZES.join(', ')}; not ${unknown.join(', ')}.`);
  return sizes;
}

const PRODUCT_COLUMNS = ['id', 'name', 'sku', 'barcode', 'category_id', 'type', 'tax_type', 'status', 'created_at', 'updated_at'] as const;
const QUANTITY_COLUMNS = ['product_id', 'unit_id', 'sale_price', 'quantity', 'created_at', 'updated_at'] as const;

/** `count` generated products (names, skus and barcodes of largeCatalogue.ts), one unit each, through the bulk writer. */
async function insertProducts(writer: BulkWriter, count: number): Promise<void> {
  const categories = (await writer.all('select id from product_categories order by id')).map((row) => Number(row.id));
  const [unit] = await writer.all('select id from units order by id limit 1');
  const [next] = await writer.all('select coalesce(max(id), 0) + 1 as id from products');
  const first = Number(next!.id);
  const at = new Date().toISOString().slice(0, 19).replace('T', ' ');
  for (let start = 0; start < count; start += CHUNK) {
    const products: unknown[][] = [];
    const quantities: unknown[][] = [];
    for (let n = start; n < Math.min(count, start + CHUNK); n += 1) {
      const id = first + n;
      // prettier-ignore
      products.push([id, benchProductName(n), `B-${n}`, benchBarcode(n), categories[n % categories.length] ?? null, 'product',
        n % 2 === 0 ? 'inclusive' : 'exclusive', n % 10 === 0 ? 'unavailable' : 'available', at, at]);
      quantities.push([id, Number(unit!.id), 100_000 + id, 5, at, at]);
    }
    await writer.insert('products', PRODUCT_COLUMNS, products);
    await writer.insert('product_unit_quantities', QUANTITY_COLUMNS, quantities);
  }
}

/**
 * The scale bench's store of `products` products and 5 × `products` order lines over two years, sold by
 * 500 vendors, kept between runs per size and database (cachedStore.ts; BENCH_REBUILD=1 loads it again).
 */
export function scaleStore(dialect: BenchDialect, products: number) {
  return cachedStore(dialect, `scale_${products}`, async (writer) => {
    await insertProducts(writer, products);
    await insertReportSales(writer, { lines: 5 * products, days: DAYS, vendors: SCALE_VENDORS });
  });
}
