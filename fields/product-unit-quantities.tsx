import { useQuery } from '@tanstack/react-query';
import type { ListAnswer } from '../schemas/crud/list';
import { type FieldProps, INPUT_CLASSES, fieldInputId, registerComponent, FieldMessages } from '../engine/fields';
import { http } from '../engine/http';
import { DecimalInput } from '../engine/widgets/inputs';

/** One unit a product is sold by. */
export interface UnitQuantity {
  unit_id: number | null;
  sale_price: number | null;
  quantity: number | null;
  /** The stock read when the form opened, sent back untouched: the server adjusts from it (or refuses if it moved). */
  expected_quantity?: number;
}

const EMPTY_ROW: UnitQuantity = { unit_id: null, sale_price: null, quantity: null };
const CELL_CLASSES = `${INPUT_CLASSES} min-w-24`;

function rowsOf(value: unknown): UnitQuantity[] {
  return Array.isArray(value) ? (value as UnitQuantity[]) : [];
}

/** The units to pick from: GET /crud/ns.units, one page of up to 250. */
function useUnits() {
  return useQuery({
    queryKey: ['crud', 'ns.units', 'options'],
    queryFn: async () => (await http.get<ListAnswer>('/crud/ns.units', { params: { per_page: 250 } })).data.data,
    staleTime: 60_000,
  });
}

/** The product form's units tab: rows of unit, sale price and quantity, added and removed at will. */
export function ProductUnitQuantities({ name, label, description, value, onChange, errors, disabled }: FieldProps) {
  const rows = rowsOf(value);
  const units = useUnits();
  const id = fieldInputId(name);
  const hasErrors = (errors?.length ?? 0) > 0;
  const update = (index: number, patch: Partial<UnitQuantity>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
      <span id={`${id}-label`} className={`text-sm font-medium ${hasErrors ? 'text-rose-700' : 'text-slate-700'}`}>
        {label}
      </span>
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 pr-2 font-medium">Unit</th>
            <th className="py-1 pr-2 font-medium">Sale Price</th>
            <th className="py-1 pr-2 font-medium">Quantity</th>
            <th className="w-10" />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td className="py-1 pr-2">
                <select
                  aria-label="Unit"
                  className={CELL_CLASSES}
                  value={row.unit_id === null ? '' : String(row.unit_id)}
                  onChange={(event) => update(index, { unit_id: event.target.value === '' ? null : Number(event.target.value) })}
                  disabled={disabled}
                >
                  <option value="" />
                  {(units.data ?? []).map((unit) => (
                    <option key={unit.$id} value={String(unit.$id)}>
                      {String((unit as Record<string, unknown>).name ?? unit.$id)}
                    </option>
                  ))}
                </select>
              </td>
              <td className="py-1 pr-2">
                <DecimalInput
                  aria-label="Sale Price"
                  className={CELL_CLASSES}
                  value={row.sale_price}
                  onChange={(sale_price) => update(index, { sale_price })}
                  disabled={disabled}
                />
              </td>
              <td className="py-1 pr-2">
                <DecimalInput
                  aria-label="Quantity"
                  className={CELL_CLASSES}
                  value={row.quantity}
                  onChange={(quantity) => update(index, { quantity })}
                  disabled={disabled}
                />
              </td>
              <td className="py-1">
                <button
                  type="button"
                  aria-label="Remove"
                  onClick={() => onChange(rows.filter((_, at) => at !== index))}
                  disabled={disabled}
                  className="h-9 w-9 rounded-md border border-slate-300 text-slate-600 hover:bg-rose-50 hover:text-rose-700 disabled:opacity-50"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <button
          type="button"
          aria-label="Add Unit"
          onClick={() => onChange([...rows, { ...EMPTY_ROW }])}
          disabled={disabled}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <FieldMessages inputId={id} description={description} errors={errors} />
    </div>
  );
}

registerComponent('product-unit-quantities', ProductUnitQuantities);
