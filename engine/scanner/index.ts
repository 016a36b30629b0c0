export {
  createScanDetector,
  DEFAULT_SCAN_OPTIONS,
  SCAN_TERMINATORS,
  type HeldKey,
  type ScanClock,
  type ScanDetector,
  type ScanDetectorHandlers,
  type ScanDetectorOptions,
  type ScanVerdict,
} from './scanDetector';
export { useScanDetector } from './useScanDetector';
