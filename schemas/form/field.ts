import { Type, type Static } from '@sinclair/typebox';

/**
 * The engine's generic field types (spec 01 §3). The application's domain types and an integrator's
 * are registered with registerFieldType (./fieldTypes.ts); a declaration may use any registered type.
 */
export const FIELD_TYPES = [
  'text',
  'password',
  'email',
  'number',
  'time',
  'color',
  'phone',
  'date',
  'select',
  'textarea',
  'checkbox',
  'multiselect',
  'select-audio',
  'switch',
  'media',
  'document',
  'ckeditor',
  'datetimepicker',
  'daterangepicker',
  'custom',
  'link',
  'barcode_scanner',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** A field type's name: what declarations write in `type`. */
export const FIELD_TYPE_PATTERN = '^[a-z][a-z0-9_-]*$';

export const FieldOptionSchema = Type.Object({
  label: Type.String(),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
});
export type FieldOption = Static<typeof FieldOptionSchema>;

/** A form field as the server describes it (spec 01 §3 "Form field"). */
export const FieldSchema = Type.Object({
  name: Type.String({ pattern: '^[a-z_][a-z0-9_]*$' }),
  label: Type.String(),
  /** A generic type of FIELD_TYPES or one registered with registerFieldType; the declaration check refuses others. */
  type: Type.String({ pattern: FIELD_TYPE_PATTERN }),
  description: Type.Optional(Type.String()),
  value: Type.Optional(Type.Unknown()),
  errors: Type.Optional(Type.Array(Type.String())),
  disabled: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  /** Pipe-separated string or array: required, email, min:N, max:N (spec 01 §5). */
  validation: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  options: Type.Optional(Type.Array(FieldOptionSchema)),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  field_ref: Type.Optional(Type.String()),
  field_id: Type.Optional(Type.String()),
  fullWidth: Type.Optional(Type.Boolean()),
  /** For type custom: the registered component's name. */
  component: Type.Optional(Type.String()),
  /** For type number: the value is money, stored in ten-thousandths and shown with the currency's precision. */
  money: Type.Optional(Type.Boolean()),
  /** Fields shown in the form but not stored in the resource's table (handled by a hook). */
  virtual: Type.Optional(Type.Boolean()),
  /** For type document: the documents' type (default: the field name); custom_id is the record's id, 0 before it is saved (spec 01 §3). */
  document_type: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_.-]*$' })),
  custom_id: Type.Optional(Type.Integer({ minimum: 0 })),
  /**
   * For type barcode_scanner: where the scanned licence's fields go in the same form, e.g.
   * { "firstName": "general.first_name", "lastName": "general.last_name" } (keys: the nine of spec 01 §3).
   */
  fills: Type.Optional(Type.Record(Type.String({ pattern: '^(lastName|firstName|gender|street|city|state|zip|dob|dln)$' }), Type.String())),
  /** For type daterangepicker: dates without a time (MM-DD-YYYY), and ranges a selection may not overlap. */
  date_only: Type.Optional(Type.Boolean()),
  disabled_ranges: Type.Optional(Type.Array(Type.Object({ startDate: Type.String(), endDate: Type.String() }))),
  /**
   * Options read from a table when the server answers the form or list config (select, multiselect,
   * switch): `value` defaults to 'id'. The server also refuses a submitted value the table does not hold.
   */
  optionsFrom: Type.Optional(
    Type.Object({
      table: Type.String({ pattern: '^[a-z_][a-z0-9_]*$' }),
      label: Type.String({ pattern: '^[a-z_][a-z0-9_]*$' }),
      value: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]*$' })),
    }),
  ),
});
export type Field = Static<typeof FieldSchema>;

export const TabSchema = Type.Object({
  label: Type.String(),
  active: Type.Optional(Type.Boolean()),
  fields: Type.Array(FieldSchema),
});
export type Tab = Static<typeof TabSchema>;

/** A whole form: the main (name) field and tabs of fields, keyed by tab identifier (spec 01 §3 "CRUD form"). */
export const FormSchema = Type.Object({
  main: Type.Optional(FieldSchema),
  tabs: Type.Record(Type.String({ pattern: '^[a-z_][a-z0-9_]*$' }), TabSchema),
});
export type Form = Static<typeof FormSchema>;
