// Makes the layaway instalments machine replayable by scenario files (machine "order-instalments"); imported by machines/registry.ts.
import { registerMachine } from '../scenario/registry';
import { instalmentsMachine } from './instalmentsMachine';

registerMachine('order-instalments', instalmentsMachine);
