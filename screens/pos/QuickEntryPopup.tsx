import { useState } from 'react';
import { INPUT_CLASSES } from '../../engine/fields';
import { openPopup, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, type PopupComponentProps, PopupFrame } from '../../engine/popups';
import { fetchVendors } from '../vendors';

/** What a quick entry adds to the cart: a dynamic line sold for the typed vendor. */
export interface QuickEntry {
  name: string;
  unitPrice: number;
  vendor: { vendor_id: number; username: string };
}

export const QUICK_ENTRY_MESSAGES = {
  vendorNumber: 'Type the vendor number from the tag.',
  price: 'Type a price above 0.',
  unknownVendor: (number: number) => `No active vendor has the number ${number}.`,
  lookupFailed: 'The vendor could not be looked up. Try again.',
} as const;

/** The line's name when the cashier types no description: the vendor number keeps it readable on the receipt. */
export const quickEntryName = (vendorNumber: number, description: string) => description.trim() || `Vendor #${vendorNumber} item`;

/**
 * Untagged goods at the till, as the desktop mall managers take them: the cashier types the vendor number
 * and the price (and, if they like, a description) and gets a dynamic line credited to that vendor. The
 * number is checked against the active vendors before the line is added; the server checks it again.
 */
export function QuickEntryPopup({ popup }: PopupComponentProps<object, QuickEntry>) {
  const [vendorText, setVendorText] = useState('');
  const [priceText, setPriceText] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const vendorNumber = Number(vendorText.trim());
    const unitPrice = Number(priceText.trim());
    if (!/^\d{1,9}$/.test(vendorText.trim()) || vendorNumber < 1) return setError(QUICK_ENTRY_MESSAGES.vendorNumber);
    if (!Number.isFinite(unitPrice) || unitPrice <= 0 || priceText.trim() === '') return setError(QUICK_ENTRY_MESSAGES.price);
    setBusy(true);
    try {
      const vendors = await fetchVendors('active', String(vendorNumber));
      const vendor = vendors.find((candidate) => candidate.vendor_id === vendorNumber);
      if (!vendor) return setError(QUICK_ENTRY_MESSAGES.unknownVendor(vendorNumber));
      popup.resolve({ name: quickEntryName(vendorNumber, description), unitPrice, vendor: { vendor_id: vendor.vendor_id, username: vendor.username } });
    } catch {
      setError(QUICK_ENTRY_MESSAGES.lookupFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <PopupFrame
        title="Quick Entry"
        onClose={popup.close}
        footer={
          <>
            <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
              Cancel
            </button>
            <button type="submit" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={busy}>
              Add
            </button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm">
            Vendor Number
            <input className={INPUT_CLASSES} inputMode="numeric" value={vendorText} onChange={(event) => setVendorText(event.target.value)} autoFocus />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Price
            <input className={INPUT_CLASSES} inputMode="decimal" value={priceText} onChange={(event) => setPriceText(event.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Description (optional)
            <input className={INPUT_CLASSES} maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} />
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </PopupFrame>
    </form>
  );
}

/** Opens the Quick Entry popup; null when the cashier closes it. */
export function openQuickEntry(): Promise<QuickEntry | null> {
  return openPopup<QuickEntry, object>(QuickEntryPopup, {}).catch(() => null);
}
