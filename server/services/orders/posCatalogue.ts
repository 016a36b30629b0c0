import type { Database } from '../../db';
import { POS_CATEGORY_PAGE, type PosCategoryAnswer, type PosProductAnswer } from '../../../schemas/orders/api';
import { POS_PRODUCT_COLUMNS, withUnits } from './lookups';

/** The till's product grid: categories as tabs, each with its available products as large buttons. */

/** GET /pos/categories: the categories that have an available product, by name. */
export async function listPosCategories(database: Database): Promise<PosCategoryAnswer[]> {
  return database.db
    .selectFrom('product_categories')
    .select(['product_categories.id', 'product_categories.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('products')
          .select('products.id')
          .whereRef('products.category_id', '=', 'product_categories.id')
          .where('products.status', '=', 'available'),
      ),
    )
    .orderBy('product_categories.name')
    .orderBy('product_categories.id')
    .execute();
}

/** GET /pos/categories/{id}/products: a category's available products by name (the first `limit`); [] for an unknown category. */
export async function listCategoryProducts(database: Database, categoryId: number, limit = POS_CATEGORY_PAGE): Promise<PosProductAnswer[]> {
  const rows = await database.db
    .selectFrom('products')
    .select(POS_PRODUCT_COLUMNS)
    .where('products.category_id', '=', categoryId)
    .where('products.status', '=', 'available')
    .orderBy('products.name')
    .orderBy('products.id')
    .limit(limit)
    .execute();
  return withUnits(database, rows);
}
