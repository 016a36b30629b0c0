import type { SystemOptions } from '../../schemas/options';
import { DEFAULT_PRINTING_GATEWAY, PRINT_FRAME_LIFETIME_MS, receiptUrl, type ReceiptKind } from './receiptUrl';

/** Marks the frames this module adds, so tests and styles can find them. */
export const PRINT_FRAME_ATTRIBUTE = 'data-print-frame';

/**
 * Loads a URL in a hidden frame, opens the print dialog once it has loaded and removes the frame
 * after `lifetimeMs` (spec 01 §7). The frame stays laid out (not display:none) so browsers print it.
 */
export function printInHiddenFrame(url: string, lifetimeMs: number = PRINT_FRAME_LIFETIME_MS, doc: Document = document): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.setAttribute(PRINT_FRAME_ATTRIBUTE, '');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'Print';
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', visibility: 'hidden' });
  frame.addEventListener('load', () => {
    // Printing focuses the frame; focus goes back where it was (a till's search box), or keys typed next are lost in the frame.
    const previous = doc.activeElement;
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
      if (previous instanceof HTMLElement && previous !== doc.body && previous.isConnected) previous.focus();
    } catch (error) {
      // A receipt served from another origin cannot be printed from here: say so to the developer.
      console.error(`Unable to print ${url} from a hidden frame; serve receipts from this origin.`, error);
    }
  });
  frame.src = url;
  doc.body.appendChild(frame);
  setTimeout(() => frame.remove(), lifetimeMs);
  return frame;
}

type ReceiptOptions = Pick<
  SystemOptions,
  'ns_pos_printing_gateway' | 'ns_pos_printing_sale_url' | 'ns_pos_printing_payment_url' | 'ns_pos_printing_refund_url'
>;

/**
 * Prints a sale, payment or refund receipt through the configured gateway. Only the 'default'
 * gateway (a hidden browser frame) exists; with another one nothing is printed and null is returned.
 */
export function printReceipt(options: ReceiptOptions, kind: ReceiptKind, referenceId: string | number): HTMLIFrameElement | null {
  if (options.ns_pos_printing_gateway !== DEFAULT_PRINTING_GATEWAY) return null;
  return printInHiddenFrame(receiptUrl(options, kind, referenceId));
}
