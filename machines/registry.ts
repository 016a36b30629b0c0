// Registers every machine under the name scenario files use in their "machine" field.
// Add a line here for each new machine.
import { uploadQueueMachine } from './media/uploadQueueMachine';
import { salesAlertMachine } from './salesAlerts/salesAlertMachine';
import { registerMachine } from './scenario/registry';
import { sessionMachine } from './session/sessionMachine';

registerMachine('session', sessionMachine);
registerMachine('media-upload-queue', uploadQueueMachine);
registerMachine('sales-alert', salesAlertMachine);
import './orders/refundRegistration';
import './orders/instalmentsRegistration';
import './orders/orderLineEditRegistration';
import './orders/orderPaymentRegistration';
import './orders/voidDeleteRegistration';
import './orders/checkoutRegistration';
