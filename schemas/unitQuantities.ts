import { Type, type Static } from '@sinclair/typebox';

/** Spec 01 §3 unit quantity (product preview): sale_price as a decimal. */
export const UnitQuantitySchema = Type.Object({
  id: Type.Integer(),
  unit: Type.Object({ name: Type.String() }),
  sale_price: Type.Number(),
  quantity: Type.Number(),
});
export type UnitQuantity = Static<typeof UnitQuantitySchema>;

export const UnitQuantitiesSchema = Type.Array(UnitQuantitySchema);
