import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { SELECT_FILE_MESSAGE, firstAcceptedFile } from '../../schemas/uploadSelection';
import { DOCUMENT_EXTENSIONS } from '../../schemas/uploads';
import { INPUT_CLASSES } from '../fields';
import { showSnackbar } from '../notices';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../popups';
import { uploadDocument, type Document } from './documentsApi';

export interface UploadDocumentPopupProps {
  /** What the document belongs to ('vendor', …). */
  type: string;
  /** The record's id; 0 while the record is not saved (the document stays temporary). */
  custom_id: number;
}

const ACCEPT_ATTRIBUTE = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function withoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Spec 01 §2 'Upload Document': drop area, File Name, Description (optional), Upload and Close. Resolves with the saved document. */
export function UploadDocumentPopup({ type, custom_id, popup }: PopupComponentProps<UploadDocumentPopupProps, Document>) {
  const [file, setFile] = useState<File | null>(null);
  const [filename, setFilename] = useState('');
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    // Spec 01 §5: only the first accepted file is used.
    const first = firstAcceptedFile([...accepted, ...rejected.map((rejection) => rejection.file)]);
    setFile(first ?? null);
    if (first && filename.trim() === '') setFilename(withoutExtension(first.name));
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop, multiple: false });

  const upload = async () => {
    if (!file) {
      showSnackbar({ message: SELECT_FILE_MESSAGE, variant: 'error' });
      return;
    }
    setProgress(0);
    try {
      const { document } = await uploadDocument({ file, filename, description, type, custom_id }, (percent) => setProgress(Math.round(percent)));
      showSnackbar({ message: `Successfully Saved The File ${document.name}`, variant: 'success' });
      popup.resolve(document);
    } catch {
      // The http client already showed the server's message.
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <PopupFrame
      title="Upload Document"
      onClose={popup.close}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={popup.close}>
            Close
          </button>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={busy} onClick={() => void upload()}>
            Upload
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div
          {...getRootProps()}
          className={`flex h-32 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed p-4 text-center text-sm ${isDragActive ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100'}`}
        >
          <input {...getInputProps({ accept: ACCEPT_ATTRIBUTE, 'aria-label': 'Upload Document' })} />
          <p className="font-medium text-slate-700">Click Here Or Drop Your File To Upload</p>
          {file && (
            <p data-testid="chosen-document" className="text-slate-500">
              {file.name}
            </p>
          )}
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          File Name
          <input type="text" className={INPUT_CLASSES} value={filename} onChange={(event) => setFilename(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Description (optional)
          <textarea rows={3} className={INPUT_CLASSES} value={description} onChange={(event) => setDescription(event.target.value)} />
        </label>
        {busy && (
          <div
            role="progressbar"
            aria-label={file?.name ?? 'Upload'}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="flex items-center gap-2"
          >
            <div className="h-1.5 flex-1 overflow-hidden rounded bg-slate-200">
              <div className="h-full bg-brand-600" style={{ width: `${progress}%` }} />
            </div>
            <span className="font-mono text-xs text-slate-600">{progress}%</span>
          </div>
        )}
      </div>
    </PopupFrame>
  );
}
