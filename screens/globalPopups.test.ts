// @vitest-environment happy-dom
// Spec 01 §2: the popups every screen and integrator can open by name.
import { describe, expect, it } from 'vitest';
import { hasPopup } from '../engine/popups';
import './register';

describe('the popups registered globally by name', () => {
  it.each([
    ['ns-orders-preview-popup', 'order preview'],
    ['product-preview', 'product preview'],
    ['alert', 'alert'],
    ['confirm', 'confirm'],
    ['prompt', 'prompt'],
    ['media', 'media'],
    ['procurement-quantity', 'procurement quantity'],
    ['ns-orders-refund-popup', 'order refund'],
    ['select', 'select'],
    ['pos-loading', 'POS loading'],
    ['vendor-sales-alert', 'vendor sales alert'],
  ])('%s (%s) is registered', (name) => {
    expect(hasPopup(name)).toBe(true);
  });
});
