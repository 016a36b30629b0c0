// Registers checkoutMachine for scenario files (machine: 'checkout'); imported by machines/registry.ts.
import { registerMachine } from '../scenario/registry';
import { checkoutMachine } from './checkoutMachine';

registerMachine('checkout', checkoutMachine);
