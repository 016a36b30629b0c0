import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '../../schemas/roles';
import type { Measure } from '../services/reports/summary/parts';
import type {
  CashRegistersTable,
  CustomerNamesView,
  CustomersTable,
  DocumentsTable,
  ExpenseCategoriesTable,
  ExpensesTable,
  MediasTable,
  PaymentTypesTable,
} from './tables/backOffice';
import type {
  OrderCodesCounterTable,
  OrderCouponsTable,
  CouponsTable,
  OrderInstalmentsTable,
  OrderPaymentsTable,
  OrderProductsTable,
  OrderRefundedProductsTable,
  OrderRefundPaymentsTable,
  OrderRefundsTable,
  OrdersTable,
  StockMovementsTable,
} from './tables/orders';
import type { FloorLayersTable, FloorSpaceHistoryTable, FloorSpaceNumbersTable, FloorSpaceOwnersTable, FloorSpacesTable } from './tables/floor';
import type { VendorLedgerTable, VendorProrateFeesTable, VendorSalesTable } from './tables/vendors';
import type { SalesAlertMediaTable, SalesAlertRequestsTable } from './tables/salesAlerts';
import type { AuditLogTable } from './tables/audit';
import type { SettlementLinesTable, SettlementRunsTable, VendorPayoutsTable } from './tables/settlement';
import type { RegisterCashMovesTable, RegisterSessionsTable } from './tables/registers';

export type * from './tables/backOffice';
export type * from './tables/orders';
export type * from './tables/floor';
export type * from './tables/vendors';
export type * from './tables/salesAlerts';
export type * from './tables/audit';
export type * from './tables/settlement';
export type * from './tables/registers';

/** Timestamps are stored as UTC text 'YYYY-MM-DD HH:mm:ss' on both dialects, so they sort and compare alike. */
export type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  role: Role;
  active: number;
  vendor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  /** Comma list per month, derived from vendor_fees (spec 02 §9). */
  commission: string;
  monthly_rent: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database copy cannot be replayed as cookies. */
  id: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface OptionsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: Timestamp;
}

export interface ProductCategoriesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UnitsTable {
  id: Generated<number>;
  name: string;
  identifier: string;
  /** How many base units one of this unit holds. */
  value: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  sku: string | null;
  barcode: string | null;
  category_id: number | null;
  type: 'product' | 'dynamic';
  tax_type: 'inclusive' | 'exclusive';
  /** 'pending': entered by a vendor, waiting for staff to accept it at drop-off (not sold until then). */
  status: 'available' | 'unavailable' | 'pending';
  description: string | null;
  /** users.vendor_id of the owning vendor; null for the store's own goods. */
  vendor_id: number | null;
  /** URL of the item's picture (media manager). */
  picture: string | null;
  /** The item's condition, 1 to 5 stars (extensions/fields/star-rating/); null until rated. */
  condition_rating: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductUnitQuantitiesTable {
  id: Generated<number>;
  product_id: number;
  unit_id: number;
  /** Money, ten-thousandths. */
  sale_price: number;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VendorFeesTable {
  id: Generated<number>;
  vendor_id: number;
  name: 'commission' | 'monthly_rent';
  /** Ten-thousandths: a percentage for commission (7.5 % → 75000), money for rent. */
  value: number;
  /** 'YYYY-MM-DD'; the entry is in force from this day until a later entry starts. */
  start: string;
  is_prorate: number;
  created_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  options: OptionsTable;
  product_categories: ProductCategoriesTable;
  units: UnitsTable;
  products: ProductsTable;
  product_unit_quantities: ProductUnitQuantitiesTable;
  vendor_fees: VendorFeesTable;
  vendor_prorate_fees: VendorProrateFeesTable;
  vendor_ledger: VendorLedgerTable;
  vendor_sales: VendorSalesTable;
  medias: MediasTable;
  documents: DocumentsTable;
  customers: CustomersTable;
  customer_names: CustomerNamesView;
  /** View: each vendor number with 'username (#number)'. */
  vendor_names: { vendor_id: number; name: string };
  /** View: each product's first unit, price and stock. */
  product_main_units: { product_id: number; unit_id: number; sale_price: number; quantity: number };
  /** View: every vendor line sold, with what it sold for, what was credited and the commission on it (migration 017). */
  vendor_sold_lines: {
    id: number;
    vendor_id: number;
    order_id: number;
    order_code: string;
    name: string;
    quantity: number;
    unit_price: number;
    net_price: number;
    payment_status: string;
    created_at: string;
    updated_at: string;
    credited: number;
    commission_rate: number;
    commission: number;
  };
  expense_categories: ExpenseCategoriesTable;
  expenses: ExpensesTable;
  cash_registers: CashRegistersTable;
  payment_types: PaymentTypesTable;
  orders: OrdersTable;
  order_products: OrderProductsTable;
  order_payments: OrderPaymentsTable;
  order_refunds: OrderRefundsTable;
  order_refund_payments: OrderRefundPaymentsTable;
  order_refunded_products: OrderRefundedProductsTable;
  order_instalments: OrderInstalmentsTable;
  order_coupons: OrderCouponsTable;
  coupons: CouponsTable;
  order_codes_counter: OrderCodesCounterTable;
  stock_movements: StockMovementsTable;
  floor_layers: FloorLayersTable;
  floor_spaces: FloorSpacesTable;
  floor_space_owners: FloorSpaceOwnersTable;
  floor_space_history: FloorSpaceHistoryTable;
  floor_space_numbers: FloorSpaceNumbersTable;
  sales_alert_requests: SalesAlertRequestsTable;
  sales_alert_media: SalesAlertMediaTable;
  audit_log: AuditLogTable;
  settlement_runs: SettlementRunsTable;
  settlement_lines: SettlementLinesTable;
  vendor_payouts: VendorPayoutsTable;
  register_sessions: RegisterSessionsTable;
  register_cash_moves: RegisterCashMovesTable;
  /** Report summaries per store day, dimension, key and slot (migrations 026 and 028, server/services/reports/summary). */
  report_sums: { dim: string; day: string; dim_key: string; slot: number } & Record<Measure, number>;
  /** What each order contributes to report_sums now (JSON). */
  report_order_parts: { order_id: number; parts: string };
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
