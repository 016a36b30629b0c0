import type { ReactNode } from 'react';
import { type FloorShape, FONT_WEIGHTS, SHAPE_TYPES, type ShapeType } from '../../schemas/floor';
import { INPUT_CLASSES } from '../../engine/fields';

type Key = string;
interface Property {
  key: Key;
  label: string;
  kind: 'number' | 'colour' | 'text' | 'weight' | 'check';
}

const n = (key: Key, label: string): Property => ({ key, label, kind: 'number' });
const c = (key: Key, label: string): Property => ({ key, label, kind: 'colour' });

/** The options panel's properties per shape type (spec 02 §3). */
export const SHAPE_PROPERTIES: Record<ShapeType, Property[]> = {
  text: [
    { key: 'text', label: 'Text', kind: 'text' },
    c('font_color', 'Font Color'),
    n('font_size', 'Font Size'),
    { key: 'font_weight', label: 'Font Weight', kind: 'weight' },
    { key: 'font_family', label: 'Font Family', kind: 'text' },
    n('x', 'X'),
    n('y', 'Y'),
  ],
  rect: [
    n('w', 'Width'),
    n('h', 'Height'),
    c('fill_color', 'Fill Color'),
    { key: 'isbackground', label: 'Fill', kind: 'check' },
    c('border_color', 'Border Color'),
    n('border_width', 'Border Width'),
    n('x', 'X'),
    n('y', 'Y'),
  ],
  line: [c('border_color', 'Line Color'), n('line_width', 'Line Width'), n('x', 'X1'), n('y', 'Y1'), n('x1', 'X2'), n('y1', 'Y2')],
  circle: [
    n('radius', 'Radius'),
    c('fill_color', 'Fill Color'),
    { key: 'isbackground', label: 'Fill', kind: 'check' },
    c('border_color', 'Border Color'),
    n('border_width', 'Border Width'),
    n('x', 'X'),
    n('y', 'Y'),
  ],
};

interface ShapeOptionsProps {
  type: ShapeType;
  /** The type select is locked while a shape is selected. */
  typeLocked: boolean;
  onType: (type: ShapeType) => void;
  shape: FloorShape;
  onChange: (shape: FloorShape) => void;
  /** Shown right under the type select (New / Cancel / Delete Object), so they stay on screen above the properties. */
  actions?: ReactNode;
}

/** The editor's Options panel: shape type and its properties. */
export function ShapeOptions({ type, typeLocked, onType, shape, onChange, actions }: ShapeOptionsProps) {
  const values = shape as unknown as Record<string, unknown>;
  const set = (key: Key, value: unknown) => onChange({ ...shape, [key]: value } as FloorShape);
  return (
    <div className="flex flex-col gap-2" aria-label="Options" role="group">
      <label className="flex flex-col gap-1 text-sm text-slate-700">
        Shape
        <select className={INPUT_CLASSES} value={type} disabled={typeLocked} onChange={(event) => onType(event.target.value as ShapeType)}>
          {(Object.keys(SHAPE_TYPES) as ShapeType[]).map((key) => (
            <option key={key} value={key}>
              {SHAPE_TYPES[key]}
            </option>
          ))}
        </select>
      </label>
      {actions}
      {SHAPE_PROPERTIES[shape.type].map((property) => {
        const value = values[property.key];
        if (property.kind === 'check') {
          return (
            <label key={property.key} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={Boolean(value)} onChange={(event) => set(property.key, event.target.checked)} /> {property.label}
            </label>
          );
        }
        return (
          <label key={property.key} className="flex flex-col gap-1 text-sm text-slate-700">
            {property.label}
            {property.kind === 'weight' ? (
              <select className={INPUT_CLASSES} value={Number(value)} onChange={(event) => set(property.key, Number(event.target.value))}>
                {FONT_WEIGHTS.map((weight) => (
                  <option key={weight.value} value={weight.value}>
                    {weight.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className={property.kind === 'colour' ? 'h-9 w-16' : INPUT_CLASSES}
                type={property.kind === 'colour' ? 'color' : property.kind === 'number' ? 'number' : 'text'}
                value={String(value ?? '')}
                onChange={(event) => set(property.key, property.kind === 'number' ? Number(event.target.value) || 0 : event.target.value)}
              />
            )}
          </label>
        );
      })}
    </div>
  );
}
