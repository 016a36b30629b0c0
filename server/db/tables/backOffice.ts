import type { Generated } from 'kysely';

/** UTC text 'YYYY-MM-DD HH:mm:ss' (see schema.ts). */
type Timestamp = string;
/** 0 or 1. */
type Flag = number;

export interface MediasTable {
  id: Generated<number>;
  name: string;
  extension: string;
  /** Random stored file name. */
  slug: string;
  user_id: number | null;
  size: number;
  mime: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DocumentsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  extension: string;
  stored_name: string;
  /** What the document belongs to (e.g. 'vendor'); custom_id is that record's id, 0 while temporary. */
  type: string;
  custom_id: number;
  user_id: number | null;
  size: number;
  mime: string;
  created_at: Timestamp;
}

export interface CustomersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  /** The customer-role user who signs in as this customer. */
  user_id: number | null;
  author_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** View: each customer's display name, first and last name joined. */
export interface CustomerNamesView {
  id: number;
  name: string;
}

export interface ExpenseCategoriesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExpensesTable {
  id: Generated<number>;
  name: string;
  category_id: number;
  /** Money, ten-thousandths. */
  value: number;
  recurring: Flag;
  /** month_starts, month_mid, month_ends, x_after_month_starts, x_before_month_ends. */
  occurrence: string | null;
  occurrence_value: number | null;
  is_late_fee: Flag;
  description: string | null;
  media_id: number | null;
  author_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CashRegisterStatus = 'opened' | 'closed' | 'disabled';

export interface CashRegistersTable {
  id: Generated<number>;
  name: string;
  status: CashRegisterStatus;
  description: string | null;
  /** Money, ten-thousandths. */
  balance: number;
  used_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentTypesTable {
  id: Generated<number>;
  label: string;
  identifier: string;
  priority: number;
  active: Flag;
  /** Built-in: cannot be deleted and keeps its identifier. */
  readonly: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}
