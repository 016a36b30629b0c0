import { assign, fromPromise, setup } from 'xstate';
import type { LineEdit, OrderAnswer, OrderProductAnswer } from '../../schemas/orders/api';
import { errorMessage } from '../errorMessage';
import {
  editedLine,
  editRefusal,
  LINE_EDIT_MESSAGES,
  lineEditsOf,
  previewTotals,
  quantityEditable,
  type EditableField,
  type LineDraft,
  type LineEditOptions,
  type TotalsPreview,
} from './orderLineEditRules';

export interface OrderLineEditInput {
  /** Its allowed_actions.edit_lines (schemas/orders/rules, for the signed-in user) decides whether lines can be edited. */
  order: OrderAnswer;
  options: LineEditOptions;
}

export interface OrderLineEditContext extends OrderLineEditInput {
  /** Order product ids whose fields are clickable. */
  editing: number[];
  drafts: Record<number, LineDraft>;
  /** The field being asked for, while a popup is open. */
  asking: { productId: number; field: EditableField } | null;
  preview: TotalsPreview | null;
  error: string | null;
}

export type OrderLineEditEvent =
  | { type: 'EDIT'; productId: number }
  | { type: 'CANCEL'; productId: number }
  | { type: 'OPEN_FIELD'; productId: number; field: EditableField }
  | { type: 'UPDATE' }
  | { type: 'ORDER_CHANGED'; order: OrderAnswer };

/** What the injected `ask` actor gets: the field and the line as currently edited; it answers draft fields or null. */
export interface AskFieldInput {
  field: EditableField;
  line: OrderProductAnswer;
  options: LineEditOptions;
}
/**
 * What `redirect` gets: the pending update to store before the browser goes to the till (spec 03 §2).
 * Line edits whose new total is higher than the order's: the till charges the difference, then sends them.
 */
export interface PendingOrderUpdate {
  orderId: number;
  code: string;
  /** The edited lines, as PUT /orders/{id}/product takes them. */
  products: LineEdit[];
  /** Totals as the popup previewed them (decimals); the server recomputes and decides. */
  previousTotal: number;
  newTotal: number;
  /** What the order had received before the edit. */
  tendered: number;
}
export type PendingUpdateInput = PendingOrderUpdate;

function notProvided(name: string): never {
  throw new Error(`orderLineEditMachine: provide the '${name}' actor with orderLineEditMachine.provide({ actors: { ${name} } })`);
}

const lineOf = (context: OrderLineEditContext, productId: number) => context.order.products.find((line) => line.id === productId);

function fieldRefusal(context: OrderLineEditContext, event: OrderLineEditEvent): string | null {
  if (event.type !== 'OPEN_FIELD') return null;
  const line = lineOf(context, event.productId);
  return line ? editRefusal(line, event.field, context.options) : null;
}

/** A field that cannot be asked and has no message: a locked quantity, a line not being edited. */
function fieldLocked(context: OrderLineEditContext, event: OrderLineEditEvent): boolean {
  if (event.type !== 'OPEN_FIELD') return false;
  const line = lineOf(context, event.productId);
  if (!line || !context.editing.includes(line.id)) return true;
  return event.field === 'quantity' && !quantityEditable(line);
}

/**
 * Order line edits in the Details tab (spec 03 §2, §4, §5): Edit makes a product's fields clickable,
 * each click asks a value through the injected `ask` actor (vendor picker, name, price, quantity,
 * discount, tax popups) after the spec's refusals; Update previews the new total with the shared rules:
 * lower is refused, equal is sent (`update` → the server's order), higher stores the pending update
 * and goes to the till (`redirect`). A failed update simply ends loading (spec 03 §8).
 */
export const orderLineEditMachine = setup({
  types: {
    context: {} as OrderLineEditContext,
    events: {} as OrderLineEditEvent,
    input: {} as OrderLineEditInput,
  },
  actors: {
    ask: fromPromise<LineDraft | null, AskFieldInput>(async () => notProvided('ask')),
    update: fromPromise<OrderAnswer, { orderId: number; products: LineEdit[] }>(async () => notProvided('update')),
    redirect: fromPromise<void, PendingUpdateInput>(async () => notProvided('redirect')),
  },
  guards: {
    cannotEdit: ({ context }) => !context.order.allowed_actions.edit_lines,
    isLastEdited: ({ context, event }) => event.type === 'CANCEL' && context.editing.every((id) => id === event.productId),
    isRefused: ({ context, event }) => fieldRefusal(context, event) !== null,
    isLocked: ({ context, event }) => fieldLocked(context, event),
    hasNoChanges: ({ context }) => lineEditsOf(context.order, context.drafts).length === 0,
    isLower: ({ context }) => previewTotals(context.order, context.drafts).comparison === 'lower',
    isEqual: ({ context }) => previewTotals(context.order, context.drafts).comparison === 'equal',
    /** Spec 03 §5: a price or quantity of 0 or below is ignored, as is a closed popup. */
    isUsableAnswer: ({ event }) => {
      const draft = (event as { output?: LineDraft | null }).output;
      if (!draft) return false;
      return !(draft.unit_price !== undefined && !(draft.unit_price > 0)) && !(draft.quantity !== undefined && !(draft.quantity > 0));
    },
  },
  actions: {
    startEditing: assign({
      editing: ({ context, event }) =>
        event.type === 'EDIT' && !context.editing.includes(event.productId) ? [...context.editing, event.productId] : context.editing,
      error: null,
    }),
    stopEditing: assign({
      editing: ({ context, event }) => context.editing.filter((id) => event.type !== 'CANCEL' || id !== event.productId),
      drafts: ({ context, event }) => {
        const next = { ...context.drafts };
        if (event.type === 'CANCEL') delete next[event.productId];
        return next;
      },
      error: null,
    }),
    clearError: assign({ error: null }),
    refuseField: assign({ error: ({ context, event }) => fieldRefusal(context, event) }),
    startAsking: assign({ asking: ({ event }) => (event.type === 'OPEN_FIELD' ? { productId: event.productId, field: event.field } : null), error: null }),
    applyAnswer: assign({
      drafts: ({ context, event }) => {
        const draft = (event as { output?: LineDraft | null }).output;
        if (!context.asking || !draft) return context.drafts;
        const id = context.asking.productId;
        return { ...context.drafts, [id]: { ...context.drafts[id], ...draft } };
      },
      asking: null,
    }),
    stopAsking: assign({ asking: null }),
    refuseLower: assign({ preview: ({ context }) => previewTotals(context.order, context.drafts), error: LINE_EDIT_MESSAGES.lowerTotal }),
    keepPreview: assign({ preview: ({ context }) => previewTotals(context.order, context.drafts), error: null }),
    changeOrder: assign({ order: ({ context, event }) => (event.type === 'ORDER_CHANGED' ? event.order : context.order) }),
  },
}).createMachine({
  id: 'orderLineEdit',
  initial: 'viewing',
  context: ({ input }) => ({ ...input, editing: [], drafts: {}, asking: null, preview: null, error: null }),
  on: { ORDER_CHANGED: { actions: 'changeOrder' } },
  states: {
    viewing: {
      on: { EDIT: [{ guard: 'cannotEdit' }, { target: 'editing', actions: 'startEditing' }] },
    },
    editing: {
      on: {
        EDIT: { actions: 'startEditing' },
        CANCEL: [{ guard: 'isLastEdited', target: 'viewing', actions: 'stopEditing' }, { actions: 'stopEditing' }],
        OPEN_FIELD: [
          { guard: 'isLocked', actions: 'clearError' },
          { guard: 'isRefused', actions: 'refuseField' },
          { target: 'asking', actions: 'startAsking' },
        ],
        UPDATE: [
          { guard: 'hasNoChanges', actions: 'clearError' },
          { guard: 'isLower', actions: 'refuseLower' },
          { guard: 'isEqual', target: 'applying', actions: 'keepPreview' },
          { target: 'redirecting', actions: 'keepPreview' },
        ],
      },
    },
    asking: {
      invoke: {
        src: 'ask',
        input: ({ context }) => {
          const line = lineOf(context, context.asking!.productId)!;
          return { field: context.asking!.field, line: editedLine(line, context.drafts[line.id]), options: context.options };
        },
        onDone: [
          { guard: 'isUsableAnswer', target: 'editing', actions: 'applyAnswer' },
          { target: 'editing', actions: 'stopAsking' },
        ],
        onError: { target: 'editing', actions: 'stopAsking' },
      },
    },
    applying: {
      invoke: {
        src: 'update',
        input: ({ context }) => ({ orderId: context.order.id, products: lineEditsOf(context.order, context.drafts) }),
        onDone: { target: 'viewing', actions: assign({ order: ({ event }) => event.output, drafts: {}, editing: [], preview: null }) },
        // Spec 03 §8: a failed product update simply ends loading, with no message.
        onError: { target: 'editing' },
      },
    },
    redirecting: {
      invoke: {
        src: 'redirect',
        input: ({ context }) => ({
          orderId: context.order.id,
          code: context.order.code,
          products: lineEditsOf(context.order, context.drafts),
          previousTotal: context.preview!.previousTotal,
          newTotal: context.preview!.newTotal,
          tendered: context.order.tendered,
        }),
        onDone: { target: 'redirected' },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    redirected: { type: 'final' },
  },
});
