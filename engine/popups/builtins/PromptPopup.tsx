import { useState } from 'react';
import { INPUT_CLASSES } from '../../fields';
import type { PopupComponentProps } from '../popupStack';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame } from '../PopupFrame';

/** Spec 01 §2 prompt: the optional checkbox's label. */
export const ADD_TO_CART_LABEL = 'Add Items To Shopping Cart';

export interface PromptPopupProps {
  title: string;
  message?: string;
  /** The input kind; textarea by default. */
  input?: 'textarea' | 'text' | 'number';
  value?: string | number;
  /** Shows the 'Add Items To Shopping Cart' checkbox. */
  withCartCheckbox?: boolean;
}

export interface PromptAnswer {
  value: string;
  /** Whether 'Add Items To Shopping Cart' was ticked (false when not shown). */
  addToCart: boolean;
}

/** Spec 01 §2 prompt: an input, an optional checkbox; Continue resolves the answer, Cancel rejects. */
export function PromptPopup({ title, message, input = 'textarea', value = '', withCartCheckbox, popup }: PopupComponentProps<PromptPopupProps, PromptAnswer>) {
  const [text, setText] = useState(String(value));
  const [addToCart, setAddToCart] = useState(false);
  const inputId = 'prompt-popup-input';
  return (
    <form
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        popup.resolve({ value: text, addToCart });
      }}
    >
      <PopupFrame
        title={title}
        footer={
          <>
            <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.close()}>
              Cancel
            </button>
            <button type="submit" className={POPUP_PRIMARY_BUTTON_CLASSES}>
              Continue
            </button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          {message && (
            <label htmlFor={inputId} className="text-sm text-slate-700">
              {message}
            </label>
          )}
          {input === 'textarea' ? (
            <textarea
              id={inputId}
              aria-label={message ? undefined : title}
              rows={4}
              className={INPUT_CLASSES}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          ) : (
            <input
              id={inputId}
              aria-label={message ? undefined : title}
              type={input}
              inputMode={input === 'number' ? 'decimal' : undefined}
              className={INPUT_CLASSES}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
          {withCartCheckbox && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="h-4 w-4" checked={addToCart} onChange={(event) => setAddToCart(event.target.checked)} />
              {ADD_TO_CART_LABEL}
            </label>
          )}
        </div>
      </PopupFrame>
    </form>
  );
}
