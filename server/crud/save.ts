import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { nowUtc } from '../db/time';
import { invalid, notFound } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import type { SessionUser } from '../services/sessions';
import { REQUIRED_MESSAGE } from '../../schemas/form/rules';
import { applyFieldRules, readFormValue, validateForm, type FormValues } from '../../schemas/form/validate';
import { createFilterErrors, refusedFields, visibleEntry } from './access';
import { TYPE_MESSAGES } from './coerce';
import { mapWriteError } from './dbErrors';
import { attachSubmittedDocuments } from './documentFields';
import { findRow } from './entryRow';
import { rowToFormValues } from './formValues';
import type { HookContext } from './hooks/types';
import { optionValuesExist } from './options';
import { fieldKeyOfColumn, type Resource } from './resource';
import { toEntry } from './rows';
import { mergeValues, readSubmission, valuesToRow } from './submission';

function hasErrors(errors: Record<string, string[]>): boolean {
  return Object.keys(errors).length > 0;
}

/** Values of optionsFrom fields must exist in their tables. */
async function missingOptions(trx: Kysely<any>, resource: Resource, values: FormValues): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const { key, field } of resource.fields) {
    if (!field.optionsFrom) continue;
    const value = readFormValue(values, key);
    const list = (Array.isArray(value) ? value : [value]).filter((item): item is string | number => typeof item === 'string' || typeof item === 'number');
    if (list.length > 0 && !(await optionValuesExist(trx, field, list))) errors[key] = [TYPE_MESSAGES.value];
  }
  return errors;
}

/** Columns the engine sets whatever the form says: the scope, timestamps, the author. */
function forceEngineColumns(resource: Resource, row: Record<string, unknown>, user: SessionUser, creating: boolean): void {
  const columns = resource.table.columns;
  for (const rule of resource.declaration.scope ?? []) {
    if (rule.operator === '=') row[rule.column] = rule.value;
    else if (creating && (row[rule.column] === undefined || row[rule.column] === null)) {
      throw invalid(INVALID_FORM_MESSAGE, { [fieldKeyOfColumn(resource, rule.column)]: [REQUIRED_MESSAGE] });
    }
  }
  const now = nowUtc();
  if (columns.has('updated_at')) row.updated_at = now;
  if (creating && columns.has('created_at')) row.created_at = now;
  if (creating && columns.has('author_id') && row.author_id === undefined) row.author_id = user.id;
}

function checkRowColumns(resource: Resource, row: Record<string, unknown>): void {
  for (const column of Object.keys(row)) {
    if (!resource.table.columns.has(column)) {
      throw new Error(`${resource.file}: beforeSave answered column "${column}", which table "${resource.declaration.table}" does not have.`);
    }
  }
}

/**
 * Creates (id null) or updates an entry in one transaction: read and type the body, apply the field
 * rules, validate (422 keyed 'tab.field'), hooks.validate, build the row, hooks.beforeSave, force scope
 * and timestamps, write, hooks.afterSave, answer the saved row.
 */
export async function saveEntry(
  database: Database,
  resource: Resource,
  user: SessionUser,
  id: number | null,
  body: Record<string, unknown>,
  address: string,
): Promise<Record<string, unknown>> {
  const { declaration } = resource;
  const creating = id === null;
  const submission = readSubmission(resource, body);
  // A field the role's access does not let it write is refused, whatever its value.
  Object.assign(submission.errors, refusedFields(resource, user.role, creating ? 'create' : 'update', body));
  try {
    return await database.db.transaction().execute(async (transaction) => {
      const trx = transaction as unknown as Kysely<any>;
      let values = submission.values;
      if (!creating) {
        const existing = await findRow(trx, database.dialect, user, resource, id, true, ['update']);
        if (!existing) throw notFound();
        values = mergeValues(rowToFormValues(resource, existing), values);
      }
      values = applyFieldRules(values, declaration.fieldRules);
      // On create, the tabs the form keeps disabled until the first save are not the user's to fill yet.
      const skipTabs = creating ? declaration.disabledTabsWhenCreate : undefined;
      const ruleErrors = declaration.form ? validateForm(declaration.form, values, declaration.fieldRules, { skipTabs }) : {};
      for (const key of Object.keys(submission.errors)) delete ruleErrors[key];
      const errors = { ...ruleErrors, ...submission.errors };
      Object.assign(errors, Object.fromEntries(Object.entries(await missingOptions(trx, resource, values)).filter(([key]) => !errors[key])));
      if (hasErrors(errors)) throw invalid(INVALID_FORM_MESSAGE, errors);

      const context: HookContext = { trx, dialect: database.dialect, user, address, declaration };
      const hookErrors = resource.hooks.validate ? await resource.hooks.validate(values, { ...context, id }) : {};
      if (hasErrors(hookErrors)) throw invalid(INVALID_FORM_MESSAGE, hookErrors);

      let row = valuesToRow(resource, values, !creating);
      if (resource.hooks.beforeSave) row = await resource.hooks.beforeSave(row, { ...context, id, values });
      forceEngineColumns(resource, row, user, creating);
      checkRowColumns(resource, row);

      let savedId: number;
      if (creating) {
        const inserted = await trx.insertInto(declaration.table).values(row).returning('id').executeTakeFirstOrThrow();
        savedId = Number(inserted.id);
        const outside = await createFilterErrors(trx, resource, user, savedId);
        if (hasErrors(outside)) throw invalid(INVALID_FORM_MESSAGE, outside);
      } else {
        if (Object.keys(row).length > 0) await trx.updateTable(declaration.table).set(row).where('id', '=', id).execute();
        savedId = id;
      }
      await attachSubmittedDocuments(trx, declaration, user, values, savedId);
      if (resource.hooks.afterSave) await resource.hooks.afterSave(savedId, { ...context, values, created: creating });
      // Read back within the scope only: an update may take the row out of the role's access filters.
      const saved = await findRow(trx, database.dialect, user, resource, savedId, false, []);
      if (!saved) throw new Error(`${resource.file}: the saved entry ${savedId} is outside the declared scope.`);
      return visibleEntry(resource, user.role, toEntry(resource, saved));
    });
  } catch (error) {
    throw mapWriteError(error, resource, 'save');
  }
}
