import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../http';
import { ACTION_TYPES, ALERT_TYPES } from './rules';

/** Params and fields of the sales-alert calls (spec 03 §7); the server validates with these. */
const strict = { additionalProperties: false } as const;

export const SalesAlertUserParamsSchema = Type.Object({ userId: IdSchema }, strict);
export type SalesAlertUserParams = Static<typeof SalesAlertUserParamsSchema>;

/** A stored media name: 32 hex characters and the detected extension. */
export const SalesAlertMediaParamsSchema = Type.Object({ name: Type.String({ pattern: '^[0-9a-f]{32}\\.(png|gif|jpg|mp4|webm)$' }) }, strict);
export type SalesAlertMediaParams = Static<typeof SalesAlertMediaParamsSchema>;

/** 'YYYY-MM-DD', or the popup's value at 12:00 UTC ('YYYY-MM-DDT12:00:00.000Z'); '' means none. */
const DateField = Type.String({ pattern: '^$|^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(T[0-9:.]+Z?)?$', maxLength: 40 });
/** An id as text, or '', '0', 'null' for none (a new request, no vendor chosen); see optionalId(). */
const OptionalId = Type.String({ pattern: '^(\\d{1,9}|null|undefined)?$' });

/** The id a text field names, or null for none. */
export function optionalId(value: string | undefined): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

export const SalesAlertFieldsSchema = Type.Object(
  {
    action_type: Type.Union(ACTION_TYPES.map((action) => Type.Literal(action))),
    alert_type: Type.Optional(Type.Union(ALERT_TYPES.map((type) => Type.Literal(type)))),
    request_id: Type.Optional(OptionalId),
    request_user: Type.Optional(OptionalId),
    request_content: Type.Optional(Type.String({ maxLength: 2000 })),
    request_note: Type.Optional(Type.String({ maxLength: 2000 })),
    approve_note: Type.Optional(Type.String({ maxLength: 2000 })),
    startDate: Type.Optional(DateField),
    endDate: Type.Optional(DateField),
  },
  strict,
);
export type SalesAlertFields = Static<typeof SalesAlertFieldsSchema>;

/** A request as the GET answer lists it (§3). */
export interface SalesAlertRequestView {
  id: number;
  request_content: string;
  request_note: string;
  approve_type: 'pending' | 'approve' | 'decline';
  approve_note: string;
  is_default: number;
  range_start: string | null;
  range_end: string | null;
  request_date: string;
  approve_date: string | null;
  requested_images: string[];
  alert_approve_admin: string | null;
  created_at: string;
  updated_at: string;
}

export interface SalesAlertView {
  id: number;
  username: string;
  default_sale_alert: SalesAlertRequestView | null;
  sale_alert_requests: SalesAlertRequestView[];
}
