import { type FieldProps, FieldMessages, fieldInputId } from '../../engine/fields';
import { FloorLayout } from './FloorLayout';

/** Embeds the floor layout screen in a form, in popup mode (no admin toolbar). */
export function FloorLayoutField({ name, label, description, errors }: FieldProps) {
  const id = fieldInputId(name);
  return (
    <div className="flex flex-col gap-1" id={id}>
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <FloorLayout popupMode />
      <FieldMessages inputId={id} description={description} errors={errors} />
    </div>
  );
}
