import type { Database } from '../../db';

/** "username (#101)" for each vendor number, as the products list names vendors; "Store" for lines no vendor sold. */
export async function vendorLabels(database: Database, numbers: ReadonlyArray<number | null>): Promise<(number: number | null) => string> {
  const wanted = numbers.filter((number): number is number => number !== null);
  const users = wanted.length === 0 ? [] : await database.db.selectFrom('users').select(['vendor_id', 'username']).where('vendor_id', 'in', wanted).execute();
  const names = new Map(users.map((user) => [user.vendor_id, user.username]));
  return (number) => (number === null ? 'Store' : `${names.get(number) ?? 'Vendor'} (#${number})`);
}

/** Each category's name; "No category" for lines whose product has none (or is gone). */
export async function categoryLabels(database: Database, ids: ReadonlyArray<number | null>): Promise<(id: number | null) => string> {
  const wanted = ids.filter((id): id is number => id !== null);
  const rows = wanted.length === 0 ? [] : await database.db.selectFrom('product_categories').select(['id', 'name']).where('id', 'in', wanted).execute();
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return (id) => (id === null ? 'No category' : (names.get(id) ?? `#${id}`));
}
