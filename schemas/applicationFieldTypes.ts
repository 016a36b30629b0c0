import { registerFieldType } from './fieldTypes';

/**
 * The application's own field types: the engine does not list them. The server registers them before
 * it reads the declarations (schemas/crud/vendors.json uses two); the browser renderers are
 * registered by screens/floor and screens/vendors.
 */
export function registerApplicationFieldTypes(): void {
  // A vendor's dated fee terms (screens/vendors/commissionRentField.tsx).
  registerFieldType('commission_rent', { json: true });
  // The floor layout embedded in a form, and a vendor's space history (screens/floor/).
  registerFieldType('floorlayout', { json: true });
  registerFieldType('spacehistory', { json: true });
}
