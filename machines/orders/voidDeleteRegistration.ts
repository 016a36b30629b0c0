// Registers voidDeleteMachine for scenario files (machine: 'order-void-delete'); imported by machines/registry.ts.
import { registerMachine } from '../scenario/registry';
import { voidDeleteMachine } from './voidDeleteMachine';

registerMachine('order-void-delete', voidDeleteMachine);
