// Registers orderPaymentMachine for scenario files (machine: 'order-payment'); imported by machines/registry.ts.
import { registerMachine } from '../scenario/registry';
import { orderPaymentMachine } from './orderPaymentMachine';

registerMachine('order-payment', orderPaymentMachine);
