import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListAnswer } from '../../schemas/crud/list';
import { FieldRenderer } from '../../engine/fields';
import { http } from '../../engine/http';
import { MEDIA_POPUP_WIDTH } from '../../engine/media';
import { Notice, Paginator } from '../../engine/widgets';
import { openPopup, PopupDismissed } from '../../engine/popups';
import { usePrintReceipt } from '../../engine/printing';
import { useCan } from '../../engine/session';
import { NotAllowedPage } from '../shell';

const BUTTON = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 hover:bg-slate-50';

/** Form fields of issue 4 as a declaration would give them. */
const FIELDS = [
  { type: 'media', name: 'image', label: 'Image' },
  {
    type: 'document',
    name: 'documents',
    label: 'Documents',
    field: { name: 'documents', label: 'Documents', type: 'document' as const, document_type: 'widgets', custom_id: 0 },
  },
  { type: 'ckeditor', name: 'content', label: 'Content' },
  { type: 'datetimepicker', name: 'starts_at', label: 'Starts At' },
  { type: 'daterangepicker', name: 'period', label: 'Period' },
];

async function answerOf(open: () => Promise<unknown>): Promise<string> {
  try {
    return JSON.stringify(await open());
  } catch (error) {
    return error instanceof PopupDismissed ? 'dismissed' : String(error);
  }
}

/** A page showing the shared widgets, fields and popups working against the server (for integrators and QA). */
export function WidgetsPage() {
  const allowed = useCan('options.update');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [answer, setAnswer] = useState('');
  const [receiptId, setReceiptId] = useState('1');
  const [listUrl, setListUrl] = useState('');
  const printReceipt = usePrintReceipt();
  const products = useQuery({
    queryKey: ['widgets', 'products'],
    queryFn: async () => (await http.get<ListAnswer>('/crud/ns.products', { params: { per_page: 5 } })).data.data,
    enabled: allowed,
  });
  if (!allowed) return <NotAllowedPage />;

  const ask = async (open: () => Promise<unknown>) => setAnswer(await answerOf(open));
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-slate-800">Widgets</h1>
      <Notice variant="info" title="Shared widgets" onDismiss={() => undefined}>
        Fields, popups and printing as other screens use them.
      </Notice>

      <div className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm">
        {FIELDS.map(({ type, name, label, field }) => (
          <FieldRenderer
            key={name}
            type={type}
            name={name}
            label={label}
            value={values[name] ?? null}
            field={field}
            onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
          />
        ))}
        <output data-testid="widget-values" className="break-all font-mono text-xs text-slate-500">
          {JSON.stringify(values)}
        </output>
      </div>

      <div className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm">
        <h2 className="font-semibold text-slate-700">Popups</h2>
        <div className="flex flex-wrap gap-2">
          {(products.data ?? []).map((row) => (
            <button key={row.$id} type="button" className={BUTTON} onClick={() => void ask(() => openPopup('product-preview', { row }))}>
              Preview {String((row as Record<string, unknown>).name)}
            </button>
          ))}
          <button type="button" className={BUTTON} onClick={() => void ask(() => openPopup('procurement-quantity', { quantity: 1, allowDecimal: true }))}>
            Quantity
          </button>
          <button
            type="button"
            className={BUTTON}
            onClick={() =>
              void ask(() =>
                openPopup('select', {
                  title: 'Choose a size',
                  options: [
                    { label: 'Small', value: 's' },
                    { label: 'Large', value: 'l' },
                  ],
                }),
              )
            }
          >
            Select
          </button>
          <button
            type="button"
            className={BUTTON}
            onClick={() => void ask(() => openPopup('pos-loading', { until: new Promise((resolve) => setTimeout(() => resolve('done'), 1500)) }))}
          >
            Loading
          </button>
          <button type="button" className={BUTTON} onClick={() => void ask(() => openPopup('media', {}, { width: MEDIA_POPUP_WIDTH }))}>
            Media
          </button>
        </div>
        <output data-testid="popup-answer" className="font-mono text-xs text-slate-500">
          {answer}
        </output>
      </div>

      <div className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm">
        <h2 className="font-semibold text-slate-700">Printing and paging</h2>
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-2 text-sm">
            Order
            <input className="w-20 rounded border border-slate-300 px-2 py-1" value={receiptId} onChange={(event) => setReceiptId(event.target.value)} />
          </label>
          <button type="button" className={BUTTON} onClick={() => printReceipt('sale', receiptId)}>
            Print Sale Receipt
          </button>
        </div>
        <Paginator pagination={{ current_page: 5, last_page: 12, path: '/api/nexopos/v4/medias' }} onLoad={setListUrl} />
        <output data-testid="paginator-url" className="font-mono text-xs text-slate-500">
          {listUrl}
        </output>
      </div>
    </section>
  );
}
