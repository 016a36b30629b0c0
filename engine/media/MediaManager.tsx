import { useState } from 'react';
import type { Media } from './mediaApi';
import { MediaGallery } from './MediaGallery';
import { MediaUploadPanel } from './MediaUploadPanel';
import { useMediaGallery } from './useMediaGallery';
import { useUploadQueue } from './useUploadQueue';

export type MediaManagerPage = 'upload' | 'gallery';

export interface MediaManagerProps {
  /** Given when opened as a popup: 'Use Selected' calls it with the selected media. */
  onUseSelected?: (selected: Media[]) => void;
}

/** The media manager (spec 02 §2): Upload and Gallery pages, Gallery first; a page screen or a popup body. */
export function MediaManager({ onUseSelected }: MediaManagerProps) {
  const [page, setPage] = useState<MediaManagerPage>('gallery');
  const gallery = useMediaGallery();
  const queue = useUploadQueue(gallery.reload);

  const tab = (target: MediaManagerPage, label: string) => (
    <button
      type="button"
      aria-current={page === target ? 'page' : undefined}
      onClick={() => setPage(target)}
      className={`w-full rounded-md px-3 py-2 text-left text-sm ${page === target ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {label}
    </button>
  );

  return (
    <div className="flex min-h-[28rem] flex-col gap-4 sm:flex-row" data-media-manager="">
      <nav aria-label="Media Manager" className="flex shrink-0 gap-1 sm:w-36 sm:flex-col">
        {tab('upload', 'Upload')}
        {tab('gallery', 'Gallery')}
      </nav>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {page === 'upload' ? <MediaUploadPanel files={queue.files} onDrop={queue.add} /> : <MediaGallery gallery={gallery} />}
        {onUseSelected && page === 'gallery' && (
          <div className="flex justify-end border-t border-slate-200 pt-3">
            <button
              type="button"
              disabled={gallery.selected.length === 0}
              onClick={() => onUseSelected(gallery.selected)}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-40"
            >
              Use Selected
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
