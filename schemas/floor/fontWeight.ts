/** Spec 02 §3: floor_font_weight 100–900 by name. */
export const FONT_WEIGHTS = [
  { value: 100, name: 'thin' },
  { value: 200, name: 'extralight' },
  { value: 300, name: 'light' },
  { value: 400, name: 'normal' },
  { value: 500, name: 'medium' },
  { value: 600, name: 'semibold' },
  { value: 700, name: 'bold' },
  { value: 800, name: 'extrabold' },
  { value: 900, name: 'black' },
] as const;

export type FontWeight = (typeof FONT_WEIGHTS)[number]['value'];
export type FontWeightName = (typeof FONT_WEIGHTS)[number]['name'];

export const DEFAULT_FONT_WEIGHT: FontWeight = 700;
export const FONT_WEIGHT_VALUES = FONT_WEIGHTS.map((weight) => weight.value) as FontWeight[];

export function isFontWeight(value: unknown): value is FontWeight {
  return typeof value === 'number' && (FONT_WEIGHT_VALUES as number[]).includes(value);
}

/** 700 → 'bold'; an unknown value names the default. */
export function fontWeightName(value: number): FontWeightName {
  return (FONT_WEIGHTS.find((weight) => weight.value === value) ?? FONT_WEIGHTS[6]).name;
}

/** 'bold' or '700' → 700; anything else → the default 700. */
export function fontWeightValue(nameOrValue: string | number): FontWeight {
  const asNumber = Number(nameOrValue);
  if (isFontWeight(asNumber)) return asNumber;
  const found = FONT_WEIGHTS.find((weight) => weight.name === String(nameOrValue).toLowerCase());
  return found ? found.value : DEFAULT_FONT_WEIGHT;
}
