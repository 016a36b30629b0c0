import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_FONT_WEIGHT, type SpaceAnswer, spaceLabel, STATUS_CHOICES } from '../../schemas/floor';
import { toDecimal } from '../../schemas/money';
import { INPUT_CLASSES } from '../../engine/fields';
import { messageOf } from '../../engine/http';
import { showSnackbar } from '../../engine/notices';
import { askConfirm, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { deleteSpace, fetchActiveVendors, updateSpace } from './floorApi';
import { initialOwnerRows, NOTICE_DURATION, ownersBody, rowNotices, type OwnerRow } from './ownerRows';
import { useFormatPrice } from './useFormatPrice';
import { SpaceStyleFields, type SpaceStyle } from './SpaceStyleFields';

export interface SpaceDetailsProps {
  space: SpaceAnswer;
  /** Administrators edit; everyone else sees the fields disabled and only CANCEL. */
  canManage: boolean;
}

/** What the opener does next. */
export type SpaceDetailsResult = 'updated' | 'deleted' | 'redraw';

const styleOf = (space: SpaceAnswer): SpaceStyle => ({
  floor_bg_color: space.floor_bg_color,
  floor_text_color: space.floor_text_color,
  border_color: space.border_color,
  border_width: space.border_width,
  floor_font_size: space.floor_font_size || 25,
  floor_font_weight: space.floor_font_weight || DEFAULT_FONT_WEIGHT,
  floor_rotate: space.floor_rotate,
});

/** Spec 02 §2 Space Details: owners and prices, name, size, description, and (admins) the look of the space. */
export function SpaceDetailsPopup({ space, canManage, popup }: PopupComponentProps<SpaceDetailsProps, SpaceDetailsResult>) {
  // One try: the http client shows the server's message as an error notice (spec 02 §7), and the rows say why no vendor is offered.
  const vendors = useQuery({ queryKey: ['floorlayout', 'vendors'], queryFn: fetchActiveVendors, enabled: canManage, retry: false });
  const formatPrice = useFormatPrice();
  const [rows, setRows] = useState<OwnerRow[]>(() => initialOwnerRows(space));
  const [name, setName] = useState(space.floor_name);
  const [number, setNumber] = useState(String(space.floor_no));
  const [size, setSize] = useState(space.floor_size);
  const [description, setDescription] = useState(space.floor_description);
  const [editView, setEditView] = useState(false);
  const [style, setStyle] = useState(() => styleOf(space));
  const [busy, setBusy] = useState(false);
  const disabled = !canManage || busy;

  const setRow = (index: number, patch: Partial<OwnerRow>) => setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  // Owners the vendor list does not hold (inactive now) keep their option.
  const known = new Set((vendors.data ?? []).map((vendor) => String(vendor.id)));
  const extraOwners = space.owners.filter((owner) => !known.has(String(owner.user.id)));
  const notices = canManage ? rowNotices(rows, (amount) => formatPrice(toDecimal(amount))) : [];

  const update = async () => {
    setBusy(true);
    try {
      // The number is sent only when changed: the server refuses one that another space has or had.
      const renumbered = number.trim() !== String(space.floor_no) ? { floor_no: Number(number.trim()) } : {};
      const saved = await updateSpace({
        id: space.id,
        ...renumbered,
        floor_name: name,
        floor_size: size,
        floor_description: description,
        owners: ownersBody(rows),
        ...style,
      });
      showSnackbar({ message: 'Successfully Saved', variant: 'success' });
      for (const notice of saved.notices) showSnackbar({ message: notice, variant: 'info', duration: NOTICE_DURATION });
      popup.resolve('updated');
    } catch {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!(await askConfirm('Are you sure you want to delete this space?'))) return;
    setBusy(true);
    try {
      showSnackbar({ message: await deleteSpace(space.id), variant: 'success' });
      popup.resolve('deleted');
    } catch {
      setBusy(false);
    }
  };

  const footer = canManage ? (
    <>
      <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.close()}>
        CANCEL
      </button>
      <button type="button" className={POPUP_BUTTON_CLASSES} disabled={busy} onClick={() => popup.resolve('redraw')}>
        Redraw Space
      </button>
      <button
        type="button"
        className="rounded-md bg-rose-600 px-4 py-2 text-sm font-medium text-white hover:bg-rose-700"
        disabled={busy}
        onClick={() => void remove()}
      >
        DELETE
      </button>
      <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={busy} onClick={() => void update()}>
        UPDATE
      </button>
    </>
  ) : (
    <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.close()}>
      CANCEL
    </button>
  );

  return (
    <PopupFrame title={`Space Details #${space.floor_no}`} onClose={() => popup.close()} footer={footer}>
      <div className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2" disabled={disabled}>
          <legend className="mb-1 text-sm font-medium text-slate-700">Owners and prices</legend>
          {rows.map((row, index) => (
            <div key={index} className="flex items-center gap-2" data-testid="owner-row">
              <select
                aria-label={`Owner ${index + 1}`}
                className={INPUT_CLASSES}
                value={row.owner}
                onChange={(event) => setRow(index, { owner: event.target.value })}
              >
                <option value="">Select…</option>
                <option value="for_rent">{STATUS_CHOICES.for_rent}</option>
                <option value="pending">{STATUS_CHOICES.pending}</option>
                {extraOwners.map((owner) => (
                  <option key={`o${owner.user.id}`} value={String(owner.user.id)}>
                    {owner.user.username}
                  </option>
                ))}
                {(vendors.data ?? []).map((vendor) => (
                  <option key={vendor.id} value={String(vendor.id)}>
                    {vendor.username}
                    {vendor.vendor_id === null ? '' : ` (#${vendor.vendor_id})`}
                  </option>
                ))}
              </select>
              <input
                aria-label={`Price ${index + 1}`}
                type="number"
                min={0}
                step="0.01"
                className={INPUT_CLASSES}
                value={row.price}
                onChange={(event) => setRow(index, { price: event.target.value })}
              />
              {canManage && rows.length > 1 && (
                <button
                  type="button"
                  aria-label={`Remove row ${index + 1}`}
                  className={POPUP_BUTTON_CLASSES}
                  onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}
                >
                  −
                </button>
              )}
            </div>
          ))}
          {vendors.isError && (
            <p role="alert" className="text-sm text-rose-700" data-testid="vendor-list-failed">
              {`The vendor list could not be loaded: ${messageOf(vendors.error)}`}
            </p>
          )}
          {notices.length > 0 && (
            <ul role="status" aria-label="Discarded rows" className="list-disc rounded-md bg-amber-50 py-2 pr-2 pl-6 text-sm text-amber-900">
              {notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          )}
          {canManage && (
            <button type="button" className={`${POPUP_BUTTON_CLASSES} self-start`} onClick={() => setRows((current) => [...current, { owner: '', price: '' }])}>
              Add Owner
            </button>
          )}
        </fieldset>
        <fieldset className="grid gap-2 sm:grid-cols-2" disabled={disabled}>
          {canManage && (
            <label className="flex flex-col gap-1 text-sm text-slate-700 sm:col-span-2">
              Space Number
              <input className={INPUT_CLASSES} type="number" min={1} step={1} value={number} onChange={(event) => setNumber(event.target.value)} />
            </label>
          )}
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            Name
            <input className={INPUT_CLASSES} value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            Size
            <input className={INPUT_CLASSES} value={size} onChange={(event) => setSize(event.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-700 sm:col-span-2">
            Description
            <textarea className={INPUT_CLASSES} rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
          </label>
        </fieldset>
        {canManage && (
          <>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={editView} onChange={(event) => setEditView(event.target.checked)} /> Edit Space View
            </label>
            {editView && <SpaceStyleFields style={style} label={`#${space.floor_no} ${spaceLabel(space)}`} onChange={setStyle} />}
          </>
        )}
      </div>
    </PopupFrame>
  );
}
