// Makes the refund machine replayable by scenario files (machine "order-refund"); imported by machines/registry.ts.
import { registerMachine } from '../scenario/registry';
import { refundMachine } from './refundMachine';

registerMachine('order-refund', refundMachine);
