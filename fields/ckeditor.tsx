import { FieldFrame, type FieldProps, errorAttributes, fieldInputId } from '../engine/fields';
import { uploadEditorImage } from '../engine/media';
import { RichTextEditor } from '../engine/widgets/richtext';

/** The `ckeditor` type: rich text (TipTap) stored as HTML; images go to the announcement upload endpoint. */
export function CkeditorField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  const invalid = errorAttributes(name, errors);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <RichTextEditor
        id={id}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        uploadImage={uploadEditorImage}
        disabled={disabled}
        invalid={'aria-invalid' in invalid}
        describedBy={invalid['aria-describedby']}
      />
    </FieldFrame>
  );
}
