import { waitFor, type AnyActorRef } from 'xstate';
import { showSnackbar } from '../../engine/notices';
import { DEFAULT_SCAN_OPTIONS, useScanDetector } from '../../engine/scanner';
import type { PosProductAnswer } from '../../schemas/orders/api';
import { findProductByCode } from './posApi';

type TillActor = Pick<AnyActorRef, 'getSnapshot' | 'subscribe'>;

/**
 * A scan goes to the cart whatever has focus. During a checkout or a hold it waits for the answer, then
 * adds (the machine starts the next sale); a pending order update takes no products.
 */
export function useScanToCart(actor: TillActor, addProduct: (product: PosProductAnswer) => void, keyGapMs: number | undefined) {
  useScanDetector(
    async (code) => {
      if (actor.getSnapshot().matches('update')) return;
      // A failed call was shown by the http client.
      const product = await findProductByCode(code).catch(() => undefined);
      if (product === undefined) return;
      if (product === null) {
        showSnackbar({ message: `No product has the code ${code}.`, variant: 'error' });
        return;
      }
      const ready = await waitFor(actor as AnyActorRef, (snapshot) => !snapshot.matches('submitting') && !snapshot.matches('holding'));
      if (!ready.matches('update')) addProduct(product);
    },
    { ...DEFAULT_SCAN_OPTIONS, ...(keyGapMs ? { maxKeyGapMs: keyGapMs } : {}) },
  );
}
