/**
 * The CRUD engine: one JSON declaration (schemas/crud/*.json, checked against
 * schemas/crud/declaration.ts) becomes a table, an API, a list, a form and a menu entry.
 *
 * Routes, under /api/nexopos/v4:
 *   GET    crud/{ns}/config              list config (columns, queryFilters, labels, links, bulkActions, …)
 *   GET    crud/{ns}?active&direction&search&queryFilters&page&per_page   the paged list of spec 01 §3
 *   GET    crud/{ns}/form-config[/{id}]  the form, values filled for an entry
 *   POST   crud/{ns}                     create     body { <main>: v, <tab>: { <field>: v } }
 *   PUT    crud/{ns}/{id}                update     same body; absent fields keep their stored value
 *   DELETE crud/{ns}/{id}
 *   POST   crud/{ns}/export              { entries? } → { url } of a CSV (crud-exports/{file})
 *   POST   crud/{ns}/bulk-actions        { action, entries } → { status, message with counts }
 *   GET    menu                          the side menu with one entry per readable resource
 *
 * Permissions: every route declares config.permission 'session.read' (any signed-in user); the
 * handler then checks the declaration's own capability for the operation (permissions.read /
 * create / update / delete): unknown namespace 404, capability missing 403, readonly resources
 * refuse writes with 403.
 * A declaration's `access` block then narrows each role (access.ts): actions it lacks 403, its
 * row filters added to the scope's, its hidden fields left out of config, list, forms and export
 * (accessView.ts), writes of fields it may not change 422.
 *
 * Save order, all in one transaction: read and type the body (unknown keys 422) → (update: load
 * the row in scope, 404, merge) → applyFieldRules → validateForm (422 keyed 'tab.field') →
 * optionsFrom values exist → hooks.validate → row from values → hooks.beforeSave → scope,
 * timestamps and author forced → insert/update → hooks.afterSave → the saved row answered.
 * Delete: load in scope (404) → hooks.beforeDelete → delete → hooks.afterDelete.
 */
export { registerCrudEngine, DEFAULT_CRUD_DIRS, type CrudEngine, type CrudEngineOptions } from './engine';
export { CrudRegistry } from './registry';
export { DEFAULT_HOOK_DIRS } from './hooks';
export type { Resource } from './resource';
export { scopeConditions } from './listQuery';
export { mayDo } from './config';
