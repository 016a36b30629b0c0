// Registers orderLineEditMachine for scenario files (machine: 'order-line-edit'); imported by machines/registry.ts.
import { registerMachine } from '../scenario/registry';
import { orderLineEditMachine } from './orderLineEditMachine';

registerMachine('order-line-edit', orderLineEditMachine);
