import type { ReactNode } from 'react';
import type { OrderProductAnswer, RefundedProductAnswer } from '../../schemas/orders/api';
import { changedFields, editedLine, linePreview, quantityEditable, type EditableField, type LineDraft } from '../../machines/orders/orderLineEditRules';
import { POPUP_BUTTON_CLASSES } from '../../engine/popups';
import { useOrderMoney } from './useOrderFormat';

export interface OrderProductsTableProps {
  products: readonly OrderProductAnswer[];
  editing: readonly number[];
  drafts: Readonly<Record<number, LineDraft>>;
  /** Customers see no Edit button (spec 03 §2). */
  canEdit: boolean;
  onEdit: (productId: number) => void;
  onCancel: (productId: number) => void;
  onField: (productId: number, field: EditableField) => void;
}

const HEAD = 'px-2 py-1 text-left text-xs font-semibold uppercase text-slate-500';
const CELL = 'px-2 py-1 text-sm text-slate-800';
const CHANGED = 'outline outline-2 outline-amber-500 rounded';

const vendorText = (vendor: { username: string; vendor_id: number } | null, vendorId: number | null) =>
  vendor ? `${vendor.username} (#${vendor.vendor_id})` : vendorId ? `#${vendorId}` : '';

function discountText(line: Pick<OrderProductAnswer, 'discount_type' | 'discount_percentage' | 'discount'>, money: (n: number) => string) {
  if (line.discount_type === 'percentage') return `${line.discount_percentage}%`;
  return money(line.discount);
}

/** A cell that becomes a button while its line is edited; outlined once its value differs from the stored one. */
function EditableCell({
  active,
  changed,
  label,
  onClick,
  children,
}: {
  active: boolean;
  changed: boolean;
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  if (!active) return <td className={CELL}>{children}</td>;
  return (
    <td className={CELL}>
      <button
        type="button"
        aria-label={label}
        data-changed={changed ? '' : undefined}
        onClick={onClick}
        className={`w-full px-1 text-left underline decoration-dotted hover:bg-slate-50 ${changed ? CHANGED : ''}`}
      >
        {children}
      </button>
    </td>
  );
}

/** Details tab products (spec 03 §2): vendor, description, price, quantity, discount, coupon, tax, total; Edit per line. */
export function OrderProductsTable({ products, editing, drafts, canEdit, onEdit, onCancel, onField }: OrderProductsTableProps) {
  const money = useOrderMoney();
  return (
    <table aria-label="Products" className="w-full border-collapse">
      <thead>
        <tr>
          {['Vendor', 'Description', 'Price', 'Quantity', 'Discount', 'Coupon', 'Tax', 'Total'].map((head) => (
            <th key={head} className={HEAD}>
              {head}
            </th>
          ))}
          {canEdit && (
            <th className={HEAD}>
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {products.map((stored) => {
          const active = editing.includes(stored.id);
          const draft = drafts[stored.id];
          const line = editedLine(stored, draft);
          const changed = changedFields(stored, draft);
          const preview = draft ? linePreview(line) : { tax_value: line.tax_value, total_price: line.total_price };
          const discountChanged = changed.has('discount_type') || changed.has('discount_percentage') || changed.has('discount');
          const cell = (field: EditableField, isChanged: boolean, children: ReactNode, enabled = true) => (
            <EditableCell active={active && enabled} changed={isChanged} label={`${field} of ${stored.name}`} onClick={() => onField(stored.id, field)}>
              {children}
            </EditableCell>
          );
          return (
            <tr key={stored.id} data-product-id={stored.id} className="border-t border-slate-100">
              {cell('vendor', changed.has('vendor_id'), vendorText(line.vendor, line.vendor_id))}
              {cell('name', changed.has('name'), line.name)}
              {cell('price', changed.has('unit_price'), money(line.unit_price))}
              {cell('quantity', changed.has('quantity'), line.quantity, quantityEditable(stored))}
              {cell('discount', discountChanged, discountText(line, money))}
              <td className={CELL}>{money(line.total_product_coupons)}</td>
              {cell('tax', changed.has('tax_type'), `${money(preview.tax_value)} (${line.tax_type === 'inclusive' ? 'Inclusive' : 'Exclusive'})`)}
              <td className={CELL}>{money(preview.total_price)}</td>
              {canEdit && (
                <td className={CELL}>
                  {active ? (
                    <button type="button" className={POPUP_BUTTON_CLASSES} aria-label={`Cancel ${stored.name}`} onClick={() => onCancel(stored.id)}>
                      Cancel
                    </button>
                  ) : (
                    <button type="button" className={POPUP_BUTTON_CLASSES} aria-label={`Edit ${stored.name}`} onClick={() => onEdit(stored.id)}>
                      Edit
                    </button>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const CONDITION_BADGE: Record<RefundedProductAnswer['condition'], string> = {
  damaged: 'bg-rose-100 text-rose-700',
  unspoiled: 'bg-green-100 text-green-700',
};

/** Refunded products (spec 03 §2): vendor, description, price, quantity, discount, coupon, tax, condition badge, total. */
export function RefundedProductsTable({ products }: { products: readonly RefundedProductAnswer[] }) {
  const money = useOrderMoney();
  return (
    <table aria-label="Refunded Products" className="w-full border-collapse">
      <thead>
        <tr>
          {['Vendor', 'Description', 'Price', 'Quantity', 'Discount', 'Coupon', 'Tax', 'Condition', 'Total'].map((head) => (
            <th key={head} className={HEAD}>
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {products.map((line) => (
          <tr key={line.id} className="border-t border-slate-100">
            <td className={CELL}>{vendorText(line.vendor, null)}</td>
            <td className={CELL}>
              {line.order_product.name || line.product.name}
              {line.description && <span className="block text-xs text-slate-500">{line.description}</span>}
            </td>
            <td className={CELL}>{money(line.unit_price)}</td>
            <td className={CELL}>{line.quantity}</td>
            <td className={CELL}>{discountText(line, money)}</td>
            <td className={CELL}>{money(line.total_product_coupons)}</td>
            <td className={CELL}>{money(line.tax_value)}</td>
            <td className={CELL}>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${CONDITION_BADGE[line.condition] ?? 'bg-slate-100 text-slate-700'}`}>
                {line.condition === 'damaged' ? 'Damaged' : 'Unspoiled'}
              </span>
            </td>
            <td className={CELL}>{money(line.total_price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
