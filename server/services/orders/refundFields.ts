import type { Field } from '../../../schemas/form/field';

/**
 * GET /fields/ns.refund-product: the refund product popup's fields (spec 03 §2 "Refund product popup: fields
 * loaded from the server", §5 "Refund product popup"). Names match RefundProductInputSchema where the value
 * is sent: refund_type, condition, quantity, unit_price, description; `discount` is the whole percent sent
 * as discount_percentage of a refund_payment line; `tax` is shown only (the server computes the tax).
 * Hiding discount and tax for refund_product is REFUND_PRODUCT_FIELD_RULES (schemas/orders/api.ts).
 */
export function refundProductFields(): Field[] {
  return [
    {
      name: 'refund_type',
      label: 'Refund Type',
      type: 'select',
      value: 'refund_product',
      validation: 'required',
      description: 'Refund Product gives back the product; Refund Payment gives back part of its price.',
      options: [
        { label: 'Refund Product', value: 'refund_product' },
        { label: 'Refund Payment', value: 'refund_payment' },
      ],
    },
    {
      name: 'condition',
      label: 'Condition',
      type: 'select',
      validation: 'required',
      description: 'Unspoiled products return to stock; damaged products are written off.',
      options: [
        { label: 'Unspoiled', value: 'unspoiled' },
        { label: 'Damaged', value: 'damaged' },
      ],
    },
    { name: 'quantity', label: 'Quantity', type: 'number', value: 1, min: 0, validation: 'required', description: 'How many units are refunded.' },
    { name: 'unit_price', label: 'Unit Price', type: 'number', min: 0, description: 'The price refunded per unit.' },
    { name: 'discount', label: 'Discount', type: 'number', value: 0, min: 0, max: 100, description: 'A whole percentage taken off the refunded price.' },
    { name: 'tax', label: 'Tax', type: 'number', disabled: true, description: 'The tax contained in the refunded amount, computed by the store.' },
    { name: 'description', label: 'Description', type: 'textarea', description: 'Why the product is refunded.' },
  ];
}
