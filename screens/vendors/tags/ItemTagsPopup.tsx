import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { currencySettingsFrom, formatMoney } from '../../../schemas/format';
import { fromDecimal } from '../../../schemas/money';
import { MAX_TAGS_PER_ITEM, TAG_LAYOUTS, labelsPerPage, type TagLayoutName } from '../../../schemas/tags/layout';
import type { TagItem } from '../../../schemas/tags/requests';
import { API_BASE_URL, http } from '../../../engine/http';
import { INPUT_CLASSES } from '../../../engine/fields';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../../engine/popups';
import { printInHiddenFrame } from '../../../engine/printing';
import { useOptions } from '../../../engine/session';
import { tagPrintUrl } from './tagPrintUrl';

/** Opened by the 'print_tags' bulk action of a products list with the list's namespace and the selected ids. */
export interface ItemTagsPopupProps {
  namespace: string;
  entries: number[];
}

const LAYOUT_LABELS: Record<TagLayoutName, string> = {
  sheet: 'Letter sheet, 30 labels (Avery 5160)',
  thermal: 'Thermal label (2.25 × 1.25 in)',
};

/** Registered as 'item-tags': a quantity per selected item, the layout and the first label, then the hidden-frame print. */
export function ItemTagsPopup({ namespace, entries, popup }: PopupComponentProps<ItemTagsPopupProps, void>) {
  const options = useOptions();
  const currency = options.data ? currencySettingsFrom(options.data) : null;
  const items = useQuery({
    queryKey: ['tags', namespace, entries],
    queryFn: async () =>
      (await http.get<{ items: TagItem[] }>(`/tags/${encodeURIComponent(namespace)}/items`, { params: { ids: entries.join(',') } })).data.items,
  });
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [layout, setLayout] = useState<TagLayoutName>('sheet');
  const [start, setStart] = useState(1);
  const lastLabel = labelsPerPage(TAG_LAYOUTS[layout]);

  const quantityOf = (item: TagItem) => (item.code === null ? 0 : (quantities[item.id] ?? 1));
  const requests = (items.data ?? []).map((item) => ({ id: item.id, quantity: quantityOf(item) }));
  const total = requests.reduce((sum, request) => sum + request.quantity, 0);

  function print() {
    printInHiddenFrame(tagPrintUrl(API_BASE_URL, namespace, layout, start, requests));
    popup.resolve();
  }

  const footer = (
    <>
      <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
        {'Cancel'}
      </button>
      <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={total === 0} onClick={print}>
        {'Print Tags'}
      </button>
    </>
  );

  return (
    <PopupFrame title={'Print Tags'} onClose={popup.close} footer={footer}>
      {items.isPending ? (
        <div role="status" className="flex h-24 items-center justify-center text-slate-500">
          {'Loading...'}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2 pr-2 font-medium">{'Name'}</th>
                <th className="py-2 pr-2 font-medium">{'Barcode'}</th>
                <th className="py-2 pr-2 text-right font-medium">{'Price'}</th>
                <th className="py-2 text-right font-medium">{'Tags'}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {(items.data ?? []).map((item) => (
                <tr key={item.id}>
                  <td className="py-2 pr-2">
                    {item.name}
                    {item.vendor_no !== null && <span className="ml-2 text-xs text-slate-500">{`Vendor #${item.vendor_no}`}</span>}
                  </td>
                  <td className="py-2 pr-2">{item.code ?? <span className="text-red-700">{'No barcode or SKU: no tag.'}</span>}</td>
                  <td className="py-2 pr-2 text-right">{item.price !== null && currency ? formatMoney(fromDecimal(item.price), currency) : ''}</td>
                  <td className="py-2 text-right">
                    <input
                      type="number"
                      min={0}
                      max={MAX_TAGS_PER_ITEM}
                      aria-label={`Tags of ${item.name}`}
                      className={`${INPUT_CLASSES} w-20 text-right`}
                      disabled={item.code === null}
                      value={quantityOf(item)}
                      onChange={(event) =>
                        setQuantities((current) => ({
                          ...current,
                          [item.id]: Math.min(MAX_TAGS_PER_ITEM, Math.max(0, Math.trunc(Number(event.target.value) || 0))),
                        }))
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">{'Layout'}</span>
            <select aria-label={'Layout'} className={INPUT_CLASSES} value={layout} onChange={(event) => setLayout(event.target.value as TagLayoutName)}>
              {(Object.keys(LAYOUT_LABELS) as TagLayoutName[]).map((name) => (
                <option key={name} value={name}>
                  {LAYOUT_LABELS[name]}
                </option>
              ))}
            </select>
          </label>
          {layout === 'sheet' && (
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">{'Start at label'}</span>
              <input
                type="number"
                min={1}
                max={lastLabel}
                aria-label={'Start at label'}
                className={`${INPUT_CLASSES} w-24`}
                value={start}
                onChange={(event) => setStart(Math.min(lastLabel, Math.max(1, Math.trunc(Number(event.target.value) || 1))))}
              />
              <span className="text-xs text-slate-500">
                {`Labels are counted row by row from the top left (1 to ${lastLabel}), so a half-used sheet can be printed on again.`}
              </span>
            </label>
          )}
        </div>
      )}
    </PopupFrame>
  );
}
