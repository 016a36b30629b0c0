import { Type, type Static } from '@sinclair/typebox';
import { Text } from './schemaHelpers';

/**
 * The check information of spec 03 §2 (the order's extra data, the Payments tab's ID Information): the
 * check number, and the customer's ID as a driver's-licence scan or the cashier's typing gives it.
 */
export const CheckInfoSchema = Type.Object(
  {
    checkNumber: Type.Optional(Text(60)),
    fullName: Type.Optional(Text(120)),
    dateOfBirth: Type.Optional(Text(20)),
    licenseNumber: Type.Optional(Text(60)),
    address: Type.Optional(Text(300)),
    phoneNumber: Type.Optional(Text(40)),
  },
  { additionalProperties: false },
);
export type CheckInfo = Static<typeof CheckInfoSchema>;
