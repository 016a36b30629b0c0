import { INPUT_CLASSES } from '../../engine/fields';
import type { RegisterOptionAnswer } from '../../schemas/orders/api';
import type { CheckoutContext, CheckoutEvent } from '../../machines/orders/checkoutMachine';
import { RegisterSessionBadge } from '../registers';
import { CustomerPicker } from './CustomerPicker';

/** The order's customer, register, type and shipping, set before payment. */
export function OrderSetup({
  context,
  registers,
  send,
}: {
  context: CheckoutContext;
  registers: { data?: RegisterOptionAnswer[] | undefined };
  send: (event: CheckoutEvent) => void;
}) {
  return (
    <>
      <CustomerPicker customer={context.cart.customer} onChange={(customer) => send({ type: 'SET_CUSTOMER', customer })} />
      <select
        aria-label="Register"
        className={INPUT_CLASSES}
        value={context.cart.registerId ?? ''}
        onChange={(event) => send({ type: 'SET_REGISTER', registerId: event.target.value ? Number(event.target.value) : null })}
      >
        <option value="">Select Register</option>
        {(registers.data ?? []).map((register) => (
          <option key={register.value} value={register.value}>
            {register.label}
          </option>
        ))}
      </select>
      <RegisterSessionBadge registerId={context.cart.registerId} />
      <div className="flex gap-2">
        <select
          aria-label="Order type"
          className={INPUT_CLASSES}
          value={context.cart.type}
          onChange={(event) => send({ type: 'SET_ORDER_TYPE', orderType: event.target.value === 'delivery' ? 'delivery' : 'takeaway' })}
        >
          <option value="takeaway">Take Away</option>
          <option value="delivery">Delivery</option>
        </select>
        {context.cart.type === 'delivery' && (
          <input
            type="number"
            min="0"
            step="0.01"
            aria-label="Shipping"
            placeholder="Shipping"
            className={INPUT_CLASSES}
            value={context.cart.shipping}
            onChange={(event) => send({ type: 'SET_SHIPPING', amount: Number(event.target.value) || 0 })}
          />
        )}
      </div>
    </>
  );
}
