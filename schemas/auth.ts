import { Type, type Static } from '@sinclair/typebox';
import { RoleSchema } from './roles';

export const LoginBodySchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBodySchema>;

/** What `GET /auth/user` answers: who is signed in. */
export const AuthUserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: RoleSchema,
  vendor_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type AuthUser = Static<typeof AuthUserSchema>;

export const LoginAnswerSchema = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  data: Type.Object({ user: AuthUserSchema }),
});
export type LoginAnswer = Static<typeof LoginAnswerSchema>;

export const SESSION_COOKIE = 'ns_session';

export const PASSWORD_MIN_LENGTH = 8;

export const ChangePasswordBodySchema = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 200 }),
    new_password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;
