import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { notFound } from '../errors';
import type { SessionUser } from '../services/sessions';
import type { FormConfigAnswer } from '../../schemas/crud/list';
import type { Field, Form } from '../../schemas/form/field';
import type { FormValues } from '../../schemas/form/validate';
import { linksFor } from './config';
import { withDocumentRecord } from './documentFields';
import { findRow } from './entryRow';
import { withEntryOptions, withTableOptions } from './options';
import type { Resource } from './resource';
import { columnToFormValue } from './rows';

/** The form values of a stored row: stored fields from their columns (passwords never). Virtual fields are the hooks' to add. */
export function rowToFormValues(resource: Resource, raw: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const { tab, field, column } of resource.stored) {
    const value = columnToFormValue(field, raw[column]);
    if (tab === null) values[field.name] = value;
    else values[tab] = { ...(values[tab] as Record<string, unknown> | undefined), [field.name]: value };
  }
  return values;
}

/** The declared form with each field's options filled and, for an entry, its value. */
async function fillForm(db: Kysely<any>, form: Form, valueOf: ((key: string, field: Field) => unknown) | null): Promise<Form> {
  const fill = async (fields: Field[], keyOf: (field: Field) => string) => {
    const withOptions = await withTableOptions(db, fields);
    if (!valueOf) return withOptions;
    return Promise.all(
      withOptions.map(async (field) => {
        const value = valueOf(keyOf(field), field);
        const options = await withEntryOptions(db, field, value);
        return { ...field, value, ...(options && { options }) };
      }),
    );
  };
  const tabs: Form['tabs'] = {};
  for (const [name, tab] of Object.entries(form.tabs)) tabs[name] = { ...tab, fields: await fill(tab.fields, (field) => `${name}.${field.name}`) };
  const main = form.main ? (await fill([form.main], (field) => field.name))[0] : undefined;
  return main ? { main, tabs } : { tabs };
}

/** GET …/form-config[/{id}]: the form, filled from the entry when an id is given (404 outside the scope). */
export async function formConfigAnswer(database: Database, resource: Resource, user: SessionUser, id: number | null): Promise<FormConfigAnswer> {
  const { declaration } = resource;
  const db = database.db as unknown as Kysely<any>;
  let valueOf: ((key: string, field: Field) => unknown) | null = null;
  if (id !== null) {
    // The edit form: the row must be one the role may both read and update.
    const raw = await findRow(db, database.dialect, user, resource, id, false, ['read', 'update']);
    if (!raw) throw notFound();
    const loaded = resource.hooks.loadValues ? await resource.hooks.loadValues(id, { trx: db, dialect: database.dialect, user, declaration }) : {};
    const byKey = new Map(resource.stored.map((stored) => [stored.key, stored]));
    valueOf = (key, field) => {
      const stored = byKey.get(key);
      return stored ? columnToFormValue(field, raw[stored.column]) : loaded[key];
    };
  }
  return {
    form: withDocumentRecord(await fillForm(db, declaration.form ?? { tabs: {} }, valueOf), id),
    labels: declaration.labels,
    links: linksFor(resource, user.role, id),
    namespace: declaration.namespace,
    disabledTabsWhenCreate: declaration.disabledTabsWhenCreate ?? [],
    fieldRules: declaration.fieldRules ?? [],
  };
}
