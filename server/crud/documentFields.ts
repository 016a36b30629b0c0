import type { Kysely } from 'kysely';
import type { SessionUser } from '../services/sessions';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import type { Field, Form } from '../../schemas/form/field';
import { formFields, readFormValue, type FormValues } from '../../schemas/form/validate';

/** The documents' type a document field lists and attaches (spec 01 §3: the field carries document_type). */
export function documentTypeOf(field: Field): string {
  return field.document_type ?? field.name;
}

/** Fills custom_id on every document field: the record's id, or 0 while it is being created. */
export function withDocumentRecord(form: Form, id: number | null): Form {
  const mark = (field: Field): Field => (field.type === 'document' ? { ...field, custom_id: id ?? 0 } : field);
  const tabs: Form['tabs'] = {};
  for (const [name, tab] of Object.entries(form.tabs)) tabs[name] = { ...tab, fields: tab.fields.map(mark) };
  return form.main ? { main: mark(form.main), tabs } : { tabs };
}

/**
 * Attaches the temporary documents a document field submitted (their ids, uploaded with custom_id 0)
 * to the saved record, in the record's transaction. Only the caller's own temporary documents of the
 * field's type move: another user's upload, or one already attached elsewhere, is left alone.
 */
export async function attachSubmittedDocuments(
  trx: Kysely<any>,
  declaration: ResourceDeclaration,
  user: SessionUser,
  values: FormValues,
  recordId: number,
): Promise<void> {
  if (!declaration.form) return;
  for (const { key, field } of formFields(declaration.form)) {
    if (field.type !== 'document') continue;
    const ids = readFormValue(values, key);
    if (!Array.isArray(ids) || ids.length === 0) continue;
    await trx
      .updateTable('documents')
      .set({ custom_id: recordId })
      .where('id', 'in', ids as number[])
      .where('custom_id', '=', 0)
      .where('type', '=', documentTypeOf(field))
      .where('user_id', '=', user.id)
      .execute();
  }
}
