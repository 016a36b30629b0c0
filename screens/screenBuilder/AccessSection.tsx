import { ROLE_LABELS, ROLES, type Role } from '../../schemas/roles';
import {
  ACCESS_ACTIONS,
  BUILT_IN_COLUMNS,
  FILTER_OPERATORS,
  type AccessAction,
  type AccessRule,
  type EditorState,
  type FilterOperator,
  type FilterRow,
  type FilterValueKind,
} from './editorState';
import { Check, SelectInput, TextInput } from './inputs';
import { BUTTON, DANGER_BUTTON, SECTION, SECTION_TITLE } from './styles';

const ACTION_LABELS: Record<AccessAction, string> = { read: 'Read', create: 'Create', update: 'Update', delete: 'Delete' };
const OPERATOR_LABELS: Record<FilterOperator, string> = {
  _eq: 'equals',
  _neq: 'does not equal',
  _in: 'is one of',
  _nin: 'is none of',
  _null: 'is empty',
  _gt: 'greater than',
  _gte: 'at least',
  _lt: 'less than',
  _lte: 'at most',
};
const VALUE_KINDS: { value: FilterValueKind; label: string }[] = [
  { value: 'literal', label: 'Value' },
  { value: 'user', label: 'Current user' },
  { value: 'vendor', label: 'Current vendor' },
];

interface SectionProps {
  state: EditorState;
  onChange: (state: EditorState) => void;
}

function FilterRowInputs({
  row,
  columns,
  onChange,
  onRemove,
  at,
}: {
  row: FilterRow;
  columns: { value: string; label: string }[];
  onChange: (row: FilterRow) => void;
  onRemove: () => void;
  at: string;
}) {
  return (
    <fieldset aria-label={at} className="grid grid-cols-2 items-end gap-2 md:grid-cols-[1fr_1fr_1fr_1fr_auto]">
      <SelectInput label="Column" value={row.column} options={columns} onChange={(column) => onChange({ ...row, column })} />
      <SelectInput
        label="Operator"
        value={row.operator}
        options={FILTER_OPERATORS.map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
        onChange={(operator) => onChange({ ...row, operator: operator as FilterOperator })}
      />
      {row.operator === '_null' ? (
        <SelectInput
          label="Value"
          value={row.value === 'false' ? 'false' : 'true'}
          options={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          onChange={(value) => onChange({ ...row, value })}
        />
      ) : (
        <>
          <SelectInput label="Compared with" value={row.kind} options={VALUE_KINDS} onChange={(kind) => onChange({ ...row, kind: kind as FilterValueKind })} />
          <TextInput label="Value" value={row.value} disabled={row.kind !== 'literal'} onChange={(value) => onChange({ ...row, value })} />
        </>
      )}
      <button type="button" className={DANGER_BUTTON} onClick={onRemove}>
        Remove
      </button>
    </fieldset>
  );
}

function RuleEditor({
  role,
  action,
  rule,
  state,
  onChange,
}: {
  role: Role;
  action: AccessAction;
  rule: AccessRule;
  state: EditorState;
  onChange: (rule: AccessRule) => void;
}) {
  const named = state.fields.filter((field) => field.name !== '');
  const columns = [...named.map((field) => ({ value: field.key, label: field.label || field.name })), ...BUILT_IN_COLUMNS];
  const at = `${ROLE_LABELS[role]} ${ACTION_LABELS[action]}`;
  return (
    <details className="rounded-md border border-slate-200 p-2">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">
        {ROLE_LABELS[role]} · {ACTION_LABELS[action]}: {rule.allFields || action === 'delete' ? 'all fields' : `${rule.fields.length} fields`}
        {rule.filters.length > 0 ? `, ${rule.filters.length} row conditions` : ', every row'}
      </summary>
      <div className="mt-2 flex flex-col gap-3">
        {action !== 'delete' && (
          <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">Fields</legend>
            <Check label="All fields" checked={rule.allFields} onChange={(allFields) => onChange({ ...rule, allFields })} />
            {!rule.allFields &&
              named.map((field) => (
                <Check
                  key={field.key}
                  label={field.label || field.name}
                  checked={rule.fields.includes(field.key)}
                  onChange={(on) => onChange({ ...rule, fields: on ? [...rule.fields, field.key] : rule.fields.filter((key) => key !== field.key) })}
                />
              ))}
          </fieldset>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Rows</legend>
          {rule.filters.map((row, index) => (
            <FilterRowInputs
              key={index}
              at={`${at} condition ${index + 1}`}
              row={row}
              columns={columns}
              onChange={(changed) => onChange({ ...rule, filters: rule.filters.map((candidate, position) => (position === index ? changed : candidate)) })}
              onRemove={() => onChange({ ...rule, filters: rule.filters.filter((_, position) => position !== index) })}
            />
          ))}
          <button
            type="button"
            className={`${BUTTON} self-start`}
            onClick={() => onChange({ ...rule, filters: [...rule.filters, { column: columns[0]?.value ?? 'id', operator: '_eq', kind: 'user', value: '' }] })}
          >
            Add row condition
          </button>
        </fieldset>
      </div>
    </details>
  );
}

/** Who may do what: roles × read/create/update/delete, each allowed cell with its fields and its rows. Writes `access`. */
export function AccessSection({ state, onChange }: SectionProps) {
  function setRule(role: Role, action: AccessAction, rule: AccessRule | undefined) {
    const cells = { ...state.access[role] };
    if (rule) cells[action] = rule;
    else delete cells[action];
    const access = { ...state.access, [role]: cells };
    if (Object.keys(cells).length === 0) delete access[role];
    onChange({ ...state, access });
  }
  const allowed = ROLES.flatMap((role) => ACCESS_ACTIONS.filter((action) => state.access[role]?.[action]).map((action) => ({ role, action })));
  return (
    <section aria-labelledby="builder-access" className={SECTION}>
      <h2 id="builder-access" className={SECTION_TITLE}>
        Permissions
      </h2>
      <p className="text-sm text-slate-600">A role without a tick may not do that action. Administrators without a row of their own may do everything.</p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th className="py-1 pr-2 font-medium text-slate-600">Role</th>
            {ACCESS_ACTIONS.map((action) => (
              <th key={action} className="px-2 py-1 font-medium text-slate-600">
                {ACTION_LABELS[action]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROLES.map((role) => (
            <tr key={role} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-2 font-normal text-slate-700">
                {ROLE_LABELS[role]}
              </th>
              {ACCESS_ACTIONS.map((action) => (
                <td key={action} className="px-2 py-1">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    aria-label={`${ROLE_LABELS[role]} may ${action}`}
                    checked={state.access[role]?.[action] !== undefined}
                    onChange={(event) => setRule(role, action, event.target.checked ? { allFields: true, fields: [], filters: [] } : undefined)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {allowed.map(({ role, action }) => {
        const rule = state.access[role]?.[action];
        return rule ? (
          <RuleEditor key={`${role}:${action}`} role={role} action={action} rule={rule} state={state} onChange={(changed) => setRule(role, action, changed)} />
        ) : null;
      })}
    </section>
  );
}
