interface FieldMessagesProps {
  /** The field's control id; the error list gets `{inputId}-errors` for aria-describedby. */
  inputId: string;
  description?: string;
  errors?: string[];
}

/** The description, or the error lines instead of it, under a field: shared by every field type. */
export function FieldMessages({ inputId, description, errors }: FieldMessagesProps) {
  const hasErrors = (errors?.length ?? 0) > 0;
  if (hasErrors) {
    return (
      <ul id={`${inputId}-errors`} className="text-xs text-rose-700">
        {errors?.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    );
  }
  return description ? <p className="text-xs text-slate-500">{description}</p> : null;
}
