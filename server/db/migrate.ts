import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './index';
import type { DialectName } from './dialect';
import { foundation } from './migrations/001_foundation';
import { backOffice } from './migrations/002_back_office';
import { floorLayout } from './migrations/003_floor_layout';
import { vendorTerms } from './migrations/004_vendor_terms';
import { salesAlerts } from './migrations/005_sales_alerts';
import { orders } from './migrations/006_orders';
import { loginAttempts } from './migrations/007_login_attempts';
import { orderSpeed } from './migrations/008_order_speed';
import { auditLog } from './migrations/009_audit_log';
import { vendorSales } from './migrations/010_vendor_sales';
import { registerSessions } from './migrations/011_register_sessions';
import { settlement } from './migrations/012_settlement';
import { reportIndexes } from './migrations/013_report_indexes';
import { paymentFee } from './migrations/014_payment_fee';
import { stockLedger } from './migrations/015_stock_ledger';
import { vendorItems } from './migrations/016_vendor_items';
import { vendorSoldLines } from './migrations/017_vendor_sold_lines';
import { spaceNumbers } from './migrations/018_space_numbers';
import { vendorRequiredOption } from './migrations/019_vendor_required_option';
import { substringSearch } from './migrations/020_substring_search';
import { orderStatusLookup } from './migrations/021_order_status_lookup';
import { checkPaymentType } from './migrations/023_check_payment_type';
import { coupons } from './migrations/024_coupons';
import { itemCondition } from './migrations/025_item_condition';
import { reportSummaries } from './migrations/026_report_summaries';
import { screenBuilder } from './migrations/027_screen_builder';
import { summarySlots } from './migrations/028_summary_slots';
import { stockRefusal } from './migrations/029_stock_refusal';
import { rowCounts } from './migrations/030_row_counts';
import { mainUnitView } from './migrations/031_main_unit_view';
import { coveredOrderIndexes } from './migrations/032_covered_order_indexes';
import { orderDayCounts } from './migrations/033_order_day_counts';

/** One migration set for both dialects; each migration receives the dialect for its few type differences. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '001_foundation': foundation(dialect),
    '002_back_office': backOffice(dialect),
    '003_floor_layout': floorLayout(dialect),
    '004_vendor_terms': vendorTerms(dialect),
    '005_sales_alerts': salesAlerts(dialect),
    '006_orders': orders(dialect),
    '007_login_attempts': loginAttempts(dialect),
    '008_order_speed': orderSpeed(dialect),
    '009_audit_log': auditLog(dialect),
    '010_vendor_sales': vendorSales(dialect),
    '011_register_sessions': registerSessions(dialect),
    '012_settlement': settlement(dialect),
    '013_report_indexes': reportIndexes(dialect),
    '014_payment_fee': paymentFee(dialect),
    '015_stock_ledger': stockLedger(dialect),
    '016_vendor_items': vendorItems(dialect),
    '017_vendor_sold_lines': vendorSoldLines(dialect),
    '018_space_numbers': spaceNumbers(dialect),
    '019_vendor_required_option': vendorRequiredOption(dialect),
    '020_substring_search': substringSearch(dialect),
    '021_order_status_lookup': orderStatusLookup(dialect),
    '023_check_payment_type': checkPaymentType(dialect),
    '024_coupons': coupons(dialect),
    '025_item_condition': itemCondition(dialect),
    '026_report_summaries': reportSummaries(dialect),
    '027_screen_builder': screenBuilder(dialect),
    '028_summary_slots': summarySlots(dialect),
    '029_stock_refusal': stockRefusal(dialect),
    '030_row_counts': rowCounts(dialect),
    '031_main_unit_view': mainUnitView(dialect),
    '032_covered_order_indexes': coveredOrderIndexes(dialect),
    '033_order_day_counts': orderDayCounts(dialect),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.dialect);
  }
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  // Migration numbers were handed out to work done side by side, so a store may already hold a later one
  // than a migration it has not run yet: each runs once whatever the order it arrives in.
  const migrator = new Migrator({ db: database.db, provider: new InCodeProvider(database.dialect), allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
