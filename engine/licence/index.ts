export {
  parseDriverLicence,
  parseLicenceDate,
  normaliseZip,
  NOT_A_LICENCE_MESSAGE,
  type DriverLicence,
  type LicenceGender,
  type LicenceParseResult,
} from './parseDriverLicence';
export { LICENCE_SCANNED_EVENT, useLicenceScan } from './useLicenceScan';
