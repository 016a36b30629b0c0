import { API, type TestApp } from './harness';

export const SCREENS = `${API}/screens`;
export const INTAKE = `${API}/crud/test.intake`;

const field = (name: string, label: string, type: string, extra: Record<string, unknown> = {}) => ({ name, label, type, ...extra });

/** "Consignment Intake" as an administrator builds it: the fields the builder's e2e uses too. */
export function intakeDeclaration(fields: Array<Record<string, unknown>> = [], extra: Record<string, unknown> = {}) {
  return {
    namespace: 'test.intake',
    slug: 'consignment-intake',
    table: 'test_intake',
    labels: { list_title: 'Consignment Intake' },
    menu: { group: 'intake', groupLabel: 'Intake', label: 'Consignment Intake' },
    permissions: { read: 'catalog.read', create: 'catalog.manage', update: 'catalog.manage', delete: 'catalog.manage' },
    columns: { name: { label: 'Name', sortable: true }, intake_number: { label: 'Intake number' } },
    search: ['name'],
    unique: ['intake_number'],
    form: {
      main: field('name', 'Name', 'text', { validation: 'required' }),
      tabs: {
        general: {
          label: 'General',
          fields: [
            field('intake_number', 'Intake number', 'text'),
            field('phone', 'Phone', 'phone'),
            field('notes', 'Notes', 'text'),
            field('condition', 'Condition', 'select', {
              options: [
                { label: 'New', value: 'new' },
                { label: 'Used', value: 'used' },
              ],
            }),
            ...fields,
          ],
        },
      },
    },
    ...extra,
  };
}

type Declaration = ReturnType<typeof intakeDeclaration>;

/** The declaration with the general tab's fields changed by `edit`. */
export function withFields(declaration: Declaration, edit: (fields: Array<Record<string, unknown>>) => Array<Record<string, unknown>>): Declaration {
  const copy = structuredClone(declaration);
  copy.form.tabs.general.fields = edit(copy.form.tabs.general.fields) as Declaration['form']['tabs']['general']['fields'];
  return copy;
}

export async function addIntake(t: TestApp, cookie: string, name: string, general: Record<string, unknown>) {
  return t.call({ method: 'POST', url: INTAKE, cookie, payload: { name, general } });
}

/** The rows of the list, by name, as the list answers them. */
export async function intakeRows(t: TestApp, cookie: string): Promise<Record<string, Record<string, unknown>>> {
  const list = await t.call({ method: 'GET', url: `${INTAKE}?per_page=50`, cookie });
  return Object.fromEntries((list.json().data as Array<Record<string, unknown>>).map((row) => [String(row.name ?? row.full_name), row]));
}
