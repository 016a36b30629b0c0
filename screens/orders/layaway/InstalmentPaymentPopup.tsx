import { useState } from 'react';
import { instalmentPaymentProblem } from '../../../machines/orders/instalmentsMachine';
import type { PaymentTypeAnswer } from '../../../schemas/orders/api';
import { FieldRenderer } from '../../../engine/fields';
import { showSnackbar } from '../../../engine/notices';
import { openPopup, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { Notice } from '../../../engine/widgets';
import { answerOrNull } from '../popups';

export interface InstalmentPaymentPopupProps {
  paymentTypes: PaymentTypeAnswer[];
}

/** Spec 03 §2 instalment payment popup: a payment type select with a notice; none chosen → 'The form is not valid.' */
export function InstalmentPaymentPopup({ paymentTypes, popup }: PopupComponentProps<InstalmentPaymentPopupProps, string>) {
  const [paymentType, setPaymentType] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  function submit() {
    const refusal = instalmentPaymentProblem(paymentType);
    if (refusal) {
      setProblem(refusal);
      showSnackbar({ message: refusal, variant: 'error' });
      return;
    }
    popup.resolve(paymentType!);
  }
  return (
    <PopupFrame
      title="Instalment Payment"
      onClose={popup.close}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
            Cancel
          </button>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={submit}>
            Proceed
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Notice variant="info" title="Payment Type">
          The instalment is paid with the selected payment type, and its receipt is printed.
        </Notice>
        <FieldRenderer
          type="select"
          name="payment_type"
          label="Payment Type"
          required
          options={paymentTypes.map((type) => ({ label: type.label, value: type.identifier }))}
          value={paymentType}
          onChange={(value) => {
            setPaymentType(typeof value === 'string' ? value : null);
            setProblem(null);
          }}
          {...(problem ? { errors: [problem] } : {})}
        />
      </div>
    </PopupFrame>
  );
}

/** Opens the instalment payment popup; the chosen payment type identifier, or null when closed. */
export function openInstalmentPaymentPopup(paymentTypes: PaymentTypeAnswer[]): Promise<string | null> {
  return answerOrNull(openPopup<string, InstalmentPaymentPopupProps>(InstalmentPaymentPopup, { paymentTypes }));
}
