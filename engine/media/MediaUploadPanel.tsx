import { useDropzone } from 'react-dropzone';
import { IMAGE_EXTENSIONS } from '../../schemas/uploads';
import type { QueuedFile } from '../../machines/media/uploadQueueMachine';

export interface MediaUploadPanelProps {
  files: readonly QueuedFile[];
  onDrop: (files: File[]) => void;
}

const STATUS_CLASSES: Record<QueuedFile['status'], string> = {
  waiting: 'text-slate-500',
  uploading: 'text-brand-600',
  uploaded: 'text-emerald-700',
  failed: 'text-rose-700',
};

/** The Upload page of the media manager: a drop zone and the queued files with their progress. */
export function MediaUploadPanel({ files, onDrop }: MediaUploadPanelProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop, multiple: true });
  return (
    <div className="flex flex-col gap-4">
      <div
        {...getRootProps()}
        className={`flex h-48 cursor-pointer items-center justify-center rounded-lg border-2 border-dashed p-6 text-center text-slate-600 ${isDragActive ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100'}`}
      >
        <input {...getInputProps({ accept: IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(','), 'aria-label': 'Upload' })} />
        <p className="text-base font-medium">Click Here Or Drop Your File To Upload</p>
      </div>
      {files.length > 0 && (
        <ul aria-label="Uploads" className="flex flex-col gap-2">
          {files.map((file) => (
            <li key={file.id} data-upload-status={file.status} className="flex flex-col gap-1 rounded-md border border-slate-200 px-3 py-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate">{file.name}</span>
                <span className={`shrink-0 font-mono ${STATUS_CLASSES[file.status]}`}>{file.status === 'failed' ? '✕' : `${file.progress}%`}</span>
              </div>
              <div
                role="progressbar"
                aria-label={file.name}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={file.progress}
                className="h-1.5 overflow-hidden rounded bg-slate-200"
              >
                <div className={`h-full ${file.status === 'failed' ? 'bg-rose-500' : 'bg-brand-600'}`} style={{ width: `${file.progress}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
