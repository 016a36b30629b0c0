/** Query keys of the session-wide server state; clear them all on sign-in and sign-out. */
export const sessionQueryKeys = {
  authUser: ['auth', 'user'] as const,
  options: ['options'] as const,
};
