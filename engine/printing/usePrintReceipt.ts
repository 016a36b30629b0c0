import { useCallback } from 'react';
import { useOptions } from '../session';
import { printReceipt } from './printReceipt';
import type { ReceiptKind } from './receiptUrl';

/** A function printing a receipt with the store's printing options; it does nothing until they are loaded. */
export function usePrintReceipt(): (kind: ReceiptKind, referenceId: string | number) => HTMLIFrameElement | null {
  const { data: options } = useOptions();
  return useCallback((kind, referenceId) => (options ? printReceipt(options, kind, referenceId) : null), [options]);
}
