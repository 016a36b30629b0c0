import { FieldFrame, type FieldProps, INPUT_CLASSES, errorAttributes, fieldInputId } from '../engine/fields';
import { pickMedia } from '../engine/media';
import { ImageIcon } from '../engine/widgets';

/** An image chosen in the media manager; the value is the image's URL (it may also be typed). */
export function MediaField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  const url = typeof value === 'string' ? value : '';
  const choose = async () => {
    const [media] = await pickMedia();
    if (media) onChange(media.sizes.original);
  };
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <div className="flex items-center gap-2">
        {url && <img src={url} alt="" className="h-10 w-10 shrink-0 rounded border border-slate-200 object-cover" />}
        <input
          id={id}
          name={name}
          type="text"
          className={INPUT_CLASSES}
          value={url}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          {...errorAttributes(name, errors)}
        />
        <button
          type="button"
          aria-label={`Choose ${label}`}
          disabled={disabled}
          onClick={() => void choose()}
          className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          <ImageIcon />
        </button>
      </div>
    </FieldFrame>
  );
}
