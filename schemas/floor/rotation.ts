/** Spec 02 §9: spaces rotate in 90° steps. */
export const ROTATION_STEP = 90;

export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

/** Any multiple of 90 (negative or past a turn) → 0, 90, 180 or 270; anything else is refused. */
export function normaliseRotation(degrees: number): Rotation {
  if (!Number.isInteger(degrees) || degrees % ROTATION_STEP !== 0) {
    throw new RangeError(`A rotation must be a multiple of ${ROTATION_STEP} degrees, got ${degrees}.`);
  }
  return (((degrees % 360) + 360) % 360) as Rotation;
}

export function isRotation(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value % ROTATION_STEP === 0;
}

/** Rotate Left / Rotate Right of the space details popup. */
export function rotate(current: number, direction: 'left' | 'right'): Rotation {
  return normaliseRotation(normaliseRotation(current) + (direction === 'right' ? ROTATION_STEP : -ROTATION_STEP));
}
