/** What the register-session routes answer when they refuse, one place for the server, the tests and the screens. */
export const REGISTER_MESSAGES = {
  unknownRegister: 'This cash register does not exist or is disabled.',
  alreadyOpen: 'This register is already open: {user} holds its session.',
  closedForSale: 'This register is closed: open it (Registers) before selling on it.',
  closedForCash: 'The register {register} is closed: open it before cash goes in or out of its drawer.',
  sessionNotFound: 'This register session does not exist.',
  alreadyClosed: 'This register session is already closed.',
  notHolder: 'This register session belongs to {user}: only they or a manager may do this.',
  noteRequired: 'The difference is above the threshold: write a note to accept it.',
  nothingToAccept: 'This session has no difference waiting for a manager.',
  openSessionOnForm: 'This register has an open session: close it by counting the drawer (Registers).',
  opened: 'The register is open.',
  moved: 'The cash movement has been recorded.',
  closed: 'The register is closed.',
  closedAwaiting: 'The register is closed; its difference waits for a manager.',
  accepted: 'The difference has been accepted.',
} as const;

/** A message with {name} placeholders filled in. */
export function registerMessage(message: string, values: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
