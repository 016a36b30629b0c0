import type { Document } from './documentsApi';

export interface DocumentListProps {
  documents: readonly Document[];
  onDelete: (document: Document) => void;
}

/**
 * A record's documents with a download link and Delete. Spec 01 §6: the delete control is shown to
 * everyone (the server still refuses what the user may not delete).
 */
export function DocumentList({ documents, onDelete }: DocumentListProps) {
  if (documents.length === 0) return null;
  return (
    <ul aria-label="Documents" className="flex flex-col divide-y divide-slate-100 rounded-md border border-slate-200">
      {documents.map((document) => (
        <li key={document.id} className="flex items-center gap-3 px-3 py-2 text-sm">
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs uppercase text-slate-600">{document.extension}</span>
          <div className="min-w-0 flex-1">
            <a href={document.url} download className="block truncate font-medium text-brand-700 hover:underline">
              {document.name}
            </a>
            {document.description && <p className="truncate text-xs text-slate-500">{document.description}</p>}
          </div>
          <button
            type="button"
            aria-label={`Delete ${document.name}`}
            onClick={() => onDelete(document)}
            className="rounded-md border border-slate-300 px-2 py-1 text-xs text-slate-700 hover:bg-rose-50 hover:text-rose-700"
          >
            Delete
          </button>
        </li>
      ))}
    </ul>
  );
}
