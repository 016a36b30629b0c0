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

/**
 * The one form of a username that sign-in compares and rate-limits: NFKC (full-width letters and the
 * ideographic space become their plain forms), lower case, then trimmed. ' Admin', 'ADMIN' and
 * 'ａｄｍｉｎ\u3000' are all 'admin', so padding or re-spelling a name neither finds another account nor
 * starts a fresh attempt count. NFKC runs again after lower-casing because a few capitals lower-case
 * into sequences that only then compose; the result is stable (normalising it again changes nothing).
 */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').toLowerCase().normalize('NFKC').trim();
}

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
