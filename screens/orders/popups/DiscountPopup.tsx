import { useRef, useState } from 'react';
import { openPopup, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { Numpad, useIsTopPopup } from '../../../engine/widgets';
import { answerOrNull } from './answerOrNull';
import { capDiscountValue, initialDiscountValue, type DiscountChoice, type DiscountKind } from './discountRules';

export type DiscountPopupTitle = 'Product Discount' | 'Cart Discount';

export interface DiscountPopupProps {
  title: DiscountPopupTitle;
  /** Decimal total the discount applies to (a flat amount must stay below it). */
  base: number;
  current?: DiscountChoice;
}

const KINDS: Array<{ type: DiscountKind; label: string }> = [
  { type: 'flat', label: 'Flat' },
  { type: 'percentage', label: 'Percentage' },
];

/**
 * Spec 03 §2, §5 Discount popup: a Flat/Percentage switch and a numpad. Flat amounts are typed as cents;
 * a keystroke taking a flat amount to the base or beyond is ignored; percentages stop at 99.
 */
export function DiscountPopup({ title, base, current, popup }: PopupComponentProps<DiscountPopupProps, DiscountChoice>) {
  const onTop = useIsTopPopup(popup);
  const [type, setType] = useState<DiscountKind>(current?.type ?? 'percentage');
  const [value, setValue] = useState(() => initialDiscountValue(current?.type ?? 'percentage', current));
  // What Enter answers: set with each key, as keys and Enter can all arrive before the next render.
  const chosen = useRef(value);
  function choose(next: number) {
    chosen.current = next;
    setValue(next);
  }
  // The numpad keeps its own typing state; a new key restarts it from `value` after a mode switch or a cap.
  const [pad, setPad] = useState(0);

  function switchTo(next: DiscountKind) {
    if (next === type) return;
    setType(next);
    choose(initialDiscountValue(next, current));
    setPad((key) => key + 1);
  }

  function typed(next: number) {
    const capped = capDiscountValue(type, next, base);
    if (capped === next) return choose(next);
    if (capped !== null) choose(capped);
    setPad((key) => key + 1);
  }

  return (
    <PopupFrame title={title} onClose={popup.close}>
      <div className="flex flex-col gap-3">
        <div role="group" aria-label="Discount type" className="grid grid-cols-2 gap-1">
          {KINDS.map((kind) => (
            <button
              key={kind.type}
              type="button"
              aria-pressed={type === kind.type}
              onClick={() => switchTo(kind.type)}
              className={`rounded-md border px-3 py-2 text-sm ${type === kind.type ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              {kind.label}
            </button>
          ))}
        </div>
        <Numpad
          key={`${type}-${pad}`}
          label={title}
          mode={type === 'flat' ? 'decimal' : 'percentage'}
          allowDot={type === 'percentage'}
          initialValue={value}
          keyboard={onTop}
          onChange={typed}
          onSubmit={() => popup.resolve({ type, value: chosen.current })}
        />
      </div>
    </PopupFrame>
  );
}

/** Opens the Product Discount or Cart Discount popup; null when closed without an answer. */
export function openDiscountPopup(options: DiscountPopupProps): Promise<DiscountChoice | null> {
  return answerOrNull(openPopup<DiscountChoice, DiscountPopupProps>(DiscountPopup, options));
}
