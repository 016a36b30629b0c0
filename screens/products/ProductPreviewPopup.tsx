import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { fromDecimal } from '../../schemas/money';
import { currencySettingsFrom, formatMoney } from '../../schemas/format';
import type { UnitQuantity } from '../../schemas/unitQuantities';
import { http } from '../../engine/http';
import { type PopupComponentProps, PopupFrame } from '../../engine/popups';
import { useOptions } from '../../engine/session';

/** Opened with a product, or from a CRUD row action (POPUP), which passes the row. */
export interface ProductPreviewPopupProps {
  product?: { id: number; name: string };
  row?: { $id: number; name?: unknown };
}

async function fetchUnitQuantities(productId: number): Promise<UnitQuantity[]> {
  return (await http.get<UnitQuantity[]>(`/products/${productId}/units/quantities`)).data;
}

function Spinner() {
  return (
    <div role="status" className="flex h-32 items-center justify-center">
      <span aria-label="Loading" className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" />
    </div>
  );
}

/** Registered as 'product-preview' (spec 01 §2): the product's units with sale price and quantity. */
export function ProductPreviewPopup({ product: given, row, popup }: PopupComponentProps<ProductPreviewPopupProps, void>) {
  const product = given ?? { id: row?.$id ?? 0, name: String(row?.name ?? '') };
  const options = useOptions();
  const quantities = useQuery({ queryKey: ['products', product.id, 'units', 'quantities'], queryFn: () => fetchUnitQuantities(product.id) });
  const currency = options.data ? currencySettingsFrom(options.data) : null;

  return (
    <PopupFrame title={`Previewing : ${product.name}`} onClose={popup.close}>
      <Tabs.Root defaultValue="units">
        <Tabs.List aria-label={product.name} className="mb-3 flex border-b border-slate-200">
          <Tabs.Trigger
            value="units"
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
          >
            {'Units & Quantities'}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="units">
          {quantities.isPending || !currency ? (
            <Spinner />
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-2 pr-2 font-medium">Unit</th>
                  <th className="py-2 pr-2 text-right font-medium">Sale Price</th>
                  <th className="py-2 text-right font-medium">Quantity</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {(quantities.data ?? []).map((row) => (
                  <tr key={row.id}>
                    <td className="py-2 pr-2">{row.unit.name}</td>
                    <td className="py-2 pr-2 text-right font-mono">{formatMoney(fromDecimal(row.sale_price), currency)}</td>
                    <td className="py-2 text-right font-mono">{row.quantity}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </PopupFrame>
  );
}
