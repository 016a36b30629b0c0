import { useEffect } from 'react';
import { DocumentList, openUploadDocument, useDocuments } from '../engine/documents';
import { type FieldProps, fieldInputId, FieldMessages } from '../engine/fields';
import { showSnackbar } from '../engine/notices';

/** Spec 01 §3: a document field carries the document type and the record's id (0 before it is saved). */
interface DocumentFieldExtras {
  document_type?: string;
  custom_id?: number | string;
}

/** The documents attached to a record, an Upload button and Delete per document. */
export function DocumentField({ name, label, description, errors, disabled, field, value, onChange }: FieldProps) {
  const id = fieldInputId(name);
  const extras = (field ?? {}) as DocumentFieldExtras;
  const type = extras.document_type ?? name;
  const customId = Number(extras.custom_id ?? 0) || 0;
  const { documents, added, remove, temporaryIds } = useDocuments(type, customId);
  // Before the record exists, the field's value is its temporary documents' ids: the server attaches them when it saves the record.
  useEffect(() => {
    if (customId !== 0) return;
    const current = Array.isArray(value) ? (value as number[]) : [];
    if (current.length !== temporaryIds.length || current.some((id, index) => id !== temporaryIds[index])) onChange(temporaryIds);
  }, [customId, onChange, temporaryIds, value]);
  const hasErrors = (errors?.length ?? 0) > 0;

  const upload = async () => {
    const document = await openUploadDocument({ type, custom_id: customId });
    if (document) added(document);
  };
  const deleteOne = async (document: (typeof documents)[number]) => {
    try {
      await remove(document);
      showSnackbar({ message: 'Successfully Deleted The File', variant: 'success' });
    } catch {
      // The http client already showed the server's message.
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className={`text-sm font-medium ${hasErrors ? 'text-rose-700' : 'text-slate-700'}`}>
          {label}
        </span>
        <button
          type="button"
          disabled={disabled}
          onClick={() => void upload()}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          Upload Document
        </button>
      </div>
      <DocumentList documents={documents} onDelete={(document) => void deleteOne(document)} />
      <FieldMessages inputId={id} description={description} errors={errors} />
    </div>
  );
}
