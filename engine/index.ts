/**
 * The engine's public face for integrators: register field types, custom components and popups,
 * talk to the server, print, and read driver's licences.
 */
export { registerField, registerComponent, getField, hasField, type FieldProps, type FieldComponent } from './fields';
export { registerPopup, openPopup } from './popups';
export { http } from './http';
export { showSnackbar } from './notices';
export { printReceipt } from './printing';
export { parseDriverLicence, type DriverLicence, type LicenceParseResult } from './licence';
