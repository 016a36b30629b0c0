import { loadConfig } from './config';
import { openDatabase } from './db';
import { rebuildSummaries } from './services/reports/summary';

/**
 * `npm run reports:rebuild`: recomputes every report summary from the orders' rows, in one transaction (the
 * reports keep answering from the old sums until it commits), on the database the server's configuration
 * names (DATA_DIR or DATABASE_URL). For an accountant or engineer who suspects the summaries drifted, or
 * after rows were changed by hand.
 */
const database = await openDatabase(loadConfig(process.env));
try {
  const started = Date.now();
  const result = await database.db.transaction().execute((trx) => rebuildSummaries(trx));
  console.log(`Report summaries rebuilt: ${result.orders} closed sales, ${result.rows} summary rows, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
