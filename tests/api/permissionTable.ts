import type { Operation } from '../../server/crud/resource';
import { type Role } from '../../schemas/roles';

/** Who may call each route and use each CRUD resource: the table permission-matrix.test.ts walks the server against, written by hand. */

export const SIGNED_OUT = 'You must be signed in to do this.';
export const NOT_ALLOWED = 'You are not allowed to do this.';
export const NOT_FOUND = 'The requested resource was not found.';
export const RESPELLED = 'The address must not contain encoded letters or digits, dot segments, doubled slashes or backslashes.';
export const NOT_A_PATH = 'The request target must be a path starting with /.';

// Hand-written role groups (not imported: the point is to hold the server to them).
const ADMINS: readonly Role[] = ['administrator', 'store_administrator'];
const BACK_OFFICE: readonly Role[] = ['administrator', 'store_administrator', 'manager'];
const STAFF: readonly Role[] = ['administrator', 'store_administrator', 'manager', 'cashier'];
const STAFF_AND_VENDOR: readonly Role[] = [...STAFF, 'vendor'];
const STAFF_AND_CUSTOMER: readonly Role[] = [...STAFF, 'customer'];
const VENDOR_AND_ADMINS: readonly Role[] = ['vendor', ...ADMINS];
const EVERYONE: readonly Role[] = ['administrator', 'store_administrator', 'manager', 'cashier', 'vendor', 'customer'];
const NOBODY: readonly Role[] = [];
/** No session needed at all. */
export const ANYONE = 'anyone' as const;

/**
 * Hand-reviewed: who may call each route (path after /api/nexopos/v4; HEAD follows its GET). A role not
 * listed hears 403, no session hears 401. A route missing here fails the walk: add it after review.
 * CRUD routes only need a session here; WHO_MAY_USE_RESOURCE then decides per resource.
 */
export const WHO_MAY_CALL: Record<string, readonly Role[] | typeof ANYONE> = {
  'POST /auth/login': ANYONE,
  'POST /auth/logout': EVERYONE,
  'GET /auth/user': EVERYONE,
  'POST /auth/password': EVERYONE,
  'GET /options': EVERYONE,
  'POST /options': ADMINS,
  'GET /realtime': EVERYONE,
  'GET /crud/:namespace/config': EVERYONE,
  'GET /crud/:namespace': EVERYONE,
  'GET /crud/:namespace/form-config': EVERYONE,
  'GET /crud/:namespace/form-config/:id': EVERYONE,
  'POST /crud/:namespace': EVERYONE,
  'PUT /crud/:namespace/:id': EVERYONE,
  'DELETE /crud/:namespace/:id': EVERYONE,
  'POST /crud/:namespace/export': EVERYONE,
  'POST /crud/:namespace/bulk-actions': EVERYONE,
  'GET /crud-exports/:file': EVERYONE,
  'GET /screens': ADMINS,
  'GET /screens/field-types': ADMINS,
  'POST /screens/preview': ADMINS,
  'POST /screens/check': ADMINS,
  'POST /screens': ADMINS,
  'POST /screens/import': ADMINS,
  'GET /screens/:namespace': ADMINS,
  'PUT /screens/:namespace': ADMINS,
  'GET /screens/:namespace/versions': ADMINS,
  'GET /screens/:namespace/versions/:version': ADMINS,
  'GET /screens/:namespace/diff': ADMINS,
  'POST /screens/:namespace/revert': ADMINS,
  'POST /screens/:namespace/fields/:name/restore': ADMINS,
  'POST /screens/:namespace/fields/:name/purge': ADMINS,
  'GET /screens/:namespace/export': ADMINS,
  'GET /menu': EVERYONE,
  'GET /menu/paths': EVERYONE,
  'POST /documents': EVERYONE,
  'POST /documents/temp': EVERYONE,
  'DELETE /documents/:id': EVERYONE,
  'GET /documents/file/:name': EVERYONE,
  'POST /medias': EVERYONE,
  'GET /medias': EVERYONE,
  'POST /medias/bulk-delete': EVERYONE,
  'GET /medias/file/:name': EVERYONE,
  'POST /users/annoucment/uploadimage': EVERYONE,
  'GET /dashboard/sales-alerts/media/:name': VENDOR_AND_ADMINS,
  'GET /dashboard/sales-alerts': ADMINS,
  'GET /dashboard/sales-alerts/:userId': VENDOR_AND_ADMINS,
  'POST /dashboard/sales-alerts': VENDOR_AND_ADMINS,
  'GET /floorlayout/list/:layerId': EVERYONE,
  'POST /floorlayout/create': ADMINS,
  'POST /floorlayout/update': ADMINS,
  'DELETE /floorlayout/delete/:id': ADMINS,
  'POST /floorlayout/blank': ADMINS,
  'POST /floorlayout/upload': ADMINS,
  'DELETE /floorlayout/delete-layer/:id': ADMINS,
  'POST /floorlayout/create-object': ADMINS,
  'DELETE /floorlayout/delete-object/:id': ADMINS,
  'GET /floorlayout/history/:vendor_id': EVERYONE,
  'DELETE /floorlayout/history/:id': ADMINS,
  'DELETE /floorlayout/spaceowner/:id': ADMINS,
  'GET /floorlayout/image/:name': EVERYONE,
  'GET /products/:id/units/quantities': STAFF,
  'GET /receipts/sale/:id': STAFF_AND_CUSTOMER,
  'GET /receipts/payment/:id': STAFF_AND_CUSTOMER,
  'GET /receipts/refund/:id': STAFF_AND_CUSTOMER,
  // Any signed-in user reaches the tag routes; the products list named in the path then decides (403 or 404).
  'GET /tags/:namespace/items': EVERYONE,
  'GET /tags/:namespace/print': EVERYONE,
  'GET /smp/vendors': STAFF_AND_VENDOR,
  'GET /users': STAFF,
  'GET /smp/vendors/pro-rate-fee/:vendor_id': STAFF_AND_VENDOR,
  'POST /smp/vendors/pro-rate-fee': ADMINS,
  'DELETE /smp/vendors/pro-rate-fee/:id': ADMINS,
  'POST /smp/vendors/commission': ADMINS,
  'DELETE /smp/vendors/commission/:id': ADMINS,
  'GET /smp/vendors/ledger/:vendor_id': STAFF_AND_VENDOR,
  'POST /smp/vendors/ledger': ADMINS,
  'DELETE /smp/vendors/ledger/:id': ADMINS,
  'GET /smp/vendors/:vendor_id/statement': STAFF_AND_VENDOR,
  'GET /smp/vendors/:name/:vendor_id': STAFF_AND_VENDOR,
  'POST /smp/reports/vendor-sale-report': STAFF_AND_VENDOR,
  'GET /orders/statuses': STAFF_AND_CUSTOMER,
  // Month-end settlement: the back office; reopening a closed period is the administrator's alone.
  'GET /settlement/runs': BACK_OFFICE,
  'POST /settlement/runs': BACK_OFFICE,
  'GET /settlement/runs/:id': BACK_OFFICE,
  'POST /settlement/runs/:id/reopen': ['administrator'],
  'GET /settlement/runs/:id/statements': BACK_OFFICE,
  'GET /settlement/runs/:id/export': BACK_OFFICE,
  'POST /settlement/runs/:id/payouts': BACK_OFFICE,
  'GET /settlement/payouts/:id/document': BACK_OFFICE,
  'POST /settlement/payouts/:id/print': BACK_OFFICE,
  'POST /settlement/payouts/:id/post': BACK_OFFICE,
  'POST /settlement/payouts/:id/reverse': BACK_OFFICE,
  'POST /settlement/payouts/:id/cancel': BACK_OFFICE,
  'GET /settlement/vendors/:vendor_id/payouts': STAFF_AND_VENDOR,
  'GET /orders/payments': STAFF_AND_CUSTOMER,
  'GET /cash-registers/types': STAFF,
  'GET /pos/products': STAFF,
  'GET /pos/categories': STAFF,
  'GET /pos/categories/:id/products': STAFF,
  'GET /pos/payment-fees': STAFF,
  'POST /pos/coupons/check': STAFF,
  'GET /orders/held': STAFF,
  'POST /orders': STAFF,
  'PUT /orders/:id': STAFF,
  'GET /orders/:id': STAFF_AND_CUSTOMER,
  'GET /orders/:id/products': STAFF_AND_CUSTOMER,
  'GET /orders/:id/payments': STAFF_AND_CUSTOMER,
  'POST /orders/:id/payments': STAFF,
  'DELETE /orders/:id/payment/:paymentId': STAFF,
  'POST /orders/:id/void': STAFF,
  'DELETE /orders/:id': STAFF,
  'POST /orders/:id/processing': STAFF,
  'POST /orders/:id/delivery': STAFF,
  'PUT /orders/:id/product': STAFF,
  'GET /orders/:id/refunds': STAFF_AND_CUSTOMER,
  'POST /orders/:id/refund': STAFF,
  'GET /orders/:id/instalments': STAFF_AND_CUSTOMER,
  'POST /orders/:id/instalments': STAFF,
  'PUT /orders/:id/instalments/:instalmentId': STAFF,
  'DELETE /orders/:id/instalments/:instalmentId': STAFF,
  'POST /orders/:id/instalments/:instalmentId/pay': STAFF,
  'GET /fields/ns.refund-product': STAFF,
  'GET /reports/:kind': BACK_OFFICE,
  'GET /reports/:kind/csv': BACK_OFFICE,
  // Every role: staff get the store's figures, a vendor their own, others only the day.
  'GET /dashboard/figures': EVERYONE,
  // Register sessions: staff hold them; managers and administrators accept a difference.
  'GET /receipts/z-report/:id': STAFF,
  'GET /register-sessions/registers': STAFF,
  'GET /register-sessions': STAFF,
  'GET /register-sessions/:id': STAFF,
  'POST /register-sessions': STAFF,
  'POST /register-sessions/:id/cash': STAFF,
  'POST /register-sessions/:id/close': STAFF,
  'POST /register-sessions/:id/accept': BACK_OFFICE,
};

/** Hand-reviewed: who may read, create, update and delete each CRUD resource (schemas/crud/*.json). */
export const WHO_MAY_USE_RESOURCE: Record<string, Record<Operation, readonly Role[]>> = {
  // Append-only: administrators read it; nobody writes it through the API.
  'ns.audit-log': { read: ADMINS, create: NOBODY, update: NOBODY, delete: NOBODY },
  'ns.cash-registers': { read: STAFF, create: ADMINS, update: ADMINS, delete: ADMINS },
  'ns.coupons': { read: BACK_OFFICE, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.customers': { read: STAFF, create: STAFF, update: STAFF, delete: STAFF },
  'ns.documents': { read: EVERYONE, create: NOBODY, update: NOBODY, delete: EVERYONE },
  'ns.expenses-categories': { read: BACK_OFFICE, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.expenses': { read: BACK_OFFICE, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.medias': { read: EVERYONE, create: NOBODY, update: NOBODY, delete: EVERYONE },
  'ns.orders': { read: STAFF_AND_CUSTOMER, create: NOBODY, update: NOBODY, delete: NOBODY },
  'ns.payment-types': { read: STAFF, create: ADMINS, update: ADMINS, delete: ADMINS },
  'ns.products-categories': { read: STAFF, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.products': { read: STAFF, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.units': { read: STAFF, create: BACK_OFFICE, update: BACK_OFFICE, delete: BACK_OFFICE },
  'ns.users': { read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  'ns.vendors': { read: STAFF_AND_VENDOR, create: ADMINS, update: ADMINS, delete: ADMINS },
  // A vendor's own items: vendors only, scoped to their vendor number; retired, never deleted.
  'ns.vendor-items': { read: ['vendor'], create: ['vendor'], update: ['vendor'], delete: NOBODY },
  // A vendor's sold lines (a view): read by vendors only, scoped to their vendor number.
  'ns.vendor-sales': { read: ['vendor'], create: NOBODY, update: NOBODY, delete: NOBODY },
};

/**
 * A role allowed on the route may still be refused with 403 by the service for ownership of the row
 * (never for the capability itself): each such route and role, and why.
 */
export const OWNERSHIP_403: Record<string, { roles: Role[]; why: string }> = {
  // A vendor reads only their own vendor number's fees, ledger, statement and sales (assertMayReadVendor);
  // the sample asks for vendor 999999.
  'GET /smp/vendors/pro-rate-fee/:vendor_id': { roles: ['vendor'], why: 'another vendor’s pro-rate fees' },
  'GET /smp/vendors/ledger/:vendor_id': { roles: ['vendor'], why: 'another vendor’s ledger' },
  'GET /smp/vendors/:vendor_id/statement': { roles: ['vendor'], why: 'another vendor’s statement' },
  'GET /smp/vendors/:name/:vendor_id': { roles: ['vendor'], why: 'another vendor’s fee terms' },
  'POST /smp/reports/vendor-sale-report': { roles: ['vendor'], why: 'another vendor’s sale report' },
  'GET /settlement/vendors/:vendor_id/payouts': { roles: ['vendor'], why: 'another vendor’s payouts' },
  // Sales alerts: a vendor sees only their own alert (the sample names user 999999).
  'GET /dashboard/sales-alerts/:userId': { roles: ['vendor'], why: 'another vendor’s sales alert' },
};

/** Routes that end the session they are called with: each call gets a session of its own. */
export const ENDS_SESSION = new Set(['POST /auth/logout']);

/** Which operation of a CRUD declaration each CRUD route checks (server/crud/routes.ts). */
export const CRUD_OPERATIONS: Record<string, Operation> = {
  'GET /crud/:namespace/config': 'read',
  'GET /crud/:namespace': 'read',
  'GET /crud/:namespace/form-config': 'create',
  'GET /crud/:namespace/form-config/:id': 'update',
  'POST /crud/:namespace': 'create',
  'PUT /crud/:namespace/:id': 'update',
  'DELETE /crud/:namespace/:id': 'delete',
  'POST /crud/:namespace/export': 'read',
  'POST /crud/:namespace/bulk-actions': 'read',
  'GET /crud-exports/:file': 'read',
};
