import { useState } from 'react';
import type { Field } from '../../../schemas/form/field';
import { toDecimal } from '../../../schemas/money';
import type { LineRefundAnswer } from '../../../schemas/orders/refundTotals';
import type { RefundProductChoice } from '../../../machines/orders/refundLines';
import { FieldRenderer } from '../../../engine/fields';
import { showSnackbar } from '../../../engine/notices';
import { openPopup, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { answerOrNull } from '../popups';
import { choiceOf, FORM_INVALID_MESSAGE, hiddenRefundFields, initialRefundValues, refundFormErrors, type RefundFormValues } from './refundProductForm';

export interface RefundProductPopupProps {
  /** The fields of GET /fields/ns.refund-product. */
  fields: Field[];
  orderProductId: number;
  productName: string;
  unitPrice: number;
  quantity: number;
  /** The refund the rules give a choice, counting the products already chosen (the refund machine's preview). */
  preview: (choice: RefundProductChoice) => LineRefundAnswer;
  formatPrice: (amount: number) => string;
}

/**
 * Spec 03 §2, §5 refund product popup: the server's fields rendered through the field registry (discount and
 * tax hidden for refund_product); 'The form is not valid.' for a failing field, then the refund rules.
 */
export function RefundProductPopup({
  fields,
  orderProductId,
  productName,
  unitPrice,
  quantity,
  preview,
  formatPrice,
  popup,
}: PopupComponentProps<RefundProductPopupProps, RefundProductChoice>) {
  const [values, setValues] = useState<RefundFormValues>(() => initialRefundValues(fields, quantity, unitPrice));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const hidden = hiddenRefundFields(values);
  const choice = choiceOf(orderProductId, values);
  const answer = choice.ok ? preview(choice.choice) : null;
  // The tax field is shown only: it carries the tax the refund would contain.
  const shown: RefundFormValues = { ...values, ...(answer?.ok ? { tax: toDecimal(answer.refund.tax_value) } : {}) };

  function change(name: string, value: unknown) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: [] }));
    setProblem(null);
  }
  function fail(message: string) {
    setProblem(message);
    showSnackbar({ message, variant: 'error' });
  }
  function submit() {
    const found = refundFormErrors(fields, values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      fail(FORM_INVALID_MESSAGE);
      return;
    }
    if (!choice.ok) return fail(choice.message);
    const checked = preview(choice.choice);
    if (!checked.ok) return fail(checked.message);
    popup.resolve({ ...choice.choice, quantity: checked.refund.quantity });
  }

  return (
    <PopupFrame
      title={productName}
      onClose={popup.close}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
            Cancel
          </button>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={submit}>
            Add
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {problem && (
          <p role="alert" className="text-sm text-rose-600">
            {problem}
          </p>
        )}
        {fields
          .filter((field) => !field.hidden && !hidden.has(field.name))
          .map((field) => (
            <FieldRenderer
              key={field.name}
              type={field.type}
              name={field.name}
              label={field.label}
              {...(field.description ? { description: field.description } : {})}
              {...(field.options ? { options: field.options } : {})}
              {...(field.disabled ? { disabled: true } : {})}
              required={typeof field.validation === 'string' ? field.validation.includes('required') : Boolean(field.validation?.includes('required'))}
              field={field}
              value={shown[field.name] ?? null}
              onChange={(value) => change(field.name, value)}
              errors={errors[field.name]}
            />
          ))}
        {answer?.ok && (
          <p className="text-sm text-slate-700">
            Refund Total: <strong>{formatPrice(toDecimal(answer.refund.total_price))}</strong>
          </p>
        )}
      </div>
    </PopupFrame>
  );
}

/** Opens the refund product popup; null when closed without an answer. */
export function openRefundProductPopup(props: RefundProductPopupProps): Promise<RefundProductChoice | null> {
  return answerOrNull(openPopup<RefundProductChoice, RefundProductPopupProps>(RefundProductPopup, props, { width: 'min(36rem, 95vw)' }));
}
