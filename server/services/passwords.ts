import argon2 from 'argon2';
import { HttpError } from '../errors';

/**
 * Password hashing with a bound on how many argon2 runs are in flight in this process.
 *
 * Each argon2id run takes 64 MiB and hundreds of milliseconds of CPU, started from libuv's pool of four
 * threads. Unbounded, a flood of wrong sign-ins queues hundreds of runs and a correct sign-in waits
 * behind all of them (tens of seconds). With a bound, a sign-in that finds every slot taken is refused
 * at once (429, PASSWORDS_BUSY_MESSAGE) instead of queueing. The bound is per server process: several
 * app servers each have their own (the attempt limits, in contrast, are shared through the database).
 *
 * When there are two slots or more, the last one is kept for first attempts: a sign-in on a username
 * that has no other attempt in the current limit window. A person signs in once; an attacker trying
 * passwords comes back to the same names, so after its first try on each name it can only take the
 * other slots, and a correct sign-in still finds one free while a flood keeps those busy.
 */

export const PASSWORDS_BUSY_MESSAGE = 'The server is busy checking other sign-ins. Try again in a few seconds.';

/** PASSWORD_HASH_CONCURRENCY's default until the server sets it (the seed hashes before that). */
let slots = 2;
let inFlight = 0;
/** Callers that wait for a slot (hashing on an administrator's save, the seed) rather than being refused. */
const waiters: Array<() => void> = [];

/** Sets the bound (PASSWORD_HASH_CONCURRENCY); runs already in flight finish. */
export function setPasswordHashConcurrency(concurrency: number): void {
  slots = concurrency;
}

/** argon2 runs in flight right now in this process. */
export function passwordHashesInFlight(): number {
  return inFlight;
}

/** Whether an argon2 run for sign-in may start now: ordinary attempts leave the last slot free. */
function slotFree(firstAttempt: boolean): boolean {
  const usable = firstAttempt || slots < 2 ? slots : slots - 1;
  return inFlight < usable;
}

function tryTakeSlot(firstAttempt: boolean): boolean {
  if (!slotFree(firstAttempt)) return false;
  inFlight += 1;
  return true;
}

function takeSlot(): Promise<void> {
  if (tryTakeSlot(true)) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}

/** A released slot goes straight to the oldest waiter, so refusable callers cannot starve it. */
function releaseSlot(): void {
  const next = waiters.shift();
  if (next) next();
  else inFlight -= 1;
}

function busy(): HttpError {
  return new HttpError(429, PASSWORDS_BUSY_MESSAGE);
}

async function inSlot<T>(taken: Promise<void> | boolean, run: () => Promise<T>): Promise<T> {
  if (taken === false) throw busy();
  await taken;
  try {
    return await run();
  } finally {
    releaseSlot();
  }
}

/** How new passwords are hashed: the real cost, or the test suites' cheap one (PASSWORD_HASH_COST). */
export type PasswordHashCost = 'production' | 'test';

/**
 * argon2id at 64 MiB, 3 passes, 4 lanes: OWASP's recommended minimum or above. Written out rather than
 * left to the library's defaults, so an upgrade that changes those cannot change ours unnoticed.
 */
export const PRODUCTION_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

/**
 * The smallest valid argon2id (8 KiB, one pass, one lane): a real hash in the same format, verified by the
 * same code, at well under a millisecond instead of hundreds. Only the test suites use it: loadConfig
 * refuses PASSWORD_HASH_COST=test unless NODE_ENV=test. Verification reads the cost from the stored hash,
 * so this only changes how passwords saved from now on are hashed.
 */
export const TEST_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let hashOptions: typeof PRODUCTION_HASH_OPTIONS | typeof TEST_HASH_OPTIONS = PRODUCTION_HASH_OPTIONS;

/** Sets the cost of hashes made from now on (PASSWORD_HASH_COST); set before the seed hashes the demo password. */
export function setPasswordHashCost(cost: PasswordHashCost): void {
  hashOptions = cost === 'test' ? TEST_HASH_OPTIONS : PRODUCTION_HASH_OPTIONS;
}

const hashRaw = (password: string) => argon2.hash(password, hashOptions);

/**
 * argon2id at PRODUCTION_HASH_OPTIONS (TEST_HASH_OPTIONS in the test suites).
 * Waits for a slot: used where a person saves a form (user accounts) and by the seed, never by sign-in.
 */
export function hashPassword(password: string): Promise<string> {
  return inSlot(takeSlot(), () => hashRaw(password));
}

/** As hashPassword, but refused with 429 at once when every slot is taken (a signed-in user changing their password). */
export function hashPasswordOrBusy(password: string): Promise<string> {
  return inSlot(tryTakeSlot(false), () => hashRaw(password));
}

/** Milliseconds a verification takes lately (moving average), or null before the first one. */
let verifyEstimateMs: number | null = null;

function recordVerifyTime(ms: number): void {
  verifyEstimateMs = verifyEstimateMs === null ? ms : verifyEstimateMs * 0.8 + ms * 0.2;
}

/**
 * True when the password matches; refused with 429 at once when no slot is free for it (`firstAttempt`:
 * the first attempt on this username in the limit window, which may use the slot kept for those).
 */
export function verifyPasswordOrBusy(hash: string, password: string, firstAttempt = false): Promise<boolean> {
  return inSlot(tryTakeSlot(firstAttempt), async () => {
    const started = performance.now();
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    } finally {
      recordVerifyTime(performance.now() - started);
    }
  });
}

let decoyHash: Promise<string> | null = null;

/**
 * The answer for a username that matches no account, without spending a hash on it.
 *
 * A flood of made-up usernames (from many addresses, so no address limit applies) would otherwise take
 * every hash slot and keep real users out. Instead this waits as long as a real verification takes
 * lately (a timer: no thread, no CPU), so the 401 for an unknown name arrives after about the same time
 * as the 401 for a wrong password, and it is refused with the same 429 when a known name would be: neither
 * status nor timing says whether the name exists. The first time, before any verification has been
 * timed, it verifies against a decoy hash for real to learn the duration.
 */
export async function rejectUnknownUser(password: string, firstAttempt = false): Promise<false> {
  if (!slotFree(firstAttempt)) throw busy();
  if (verifyEstimateMs === null) {
    decoyHash ??= hashPassword('decoy password that never matches');
    await verifyPasswordOrBusy(await decoyHash, password, firstAttempt);
    return false;
  }
  await new Promise((resolve) => setTimeout(resolve, verifyEstimateMs ?? 0));
  return false;
}
