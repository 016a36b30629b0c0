import { askConfirm } from '../popups';
import { galleryColumns } from './galleryColumns';
import { MediaPreview } from './MediaPreview';
import type { MediaGalleryState } from './useMediaGallery';
import { useElementWidth } from './useElementWidth';

const BUTTON_CLASSES = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-40';

/** The Gallery page: thumbnails, preview, bulk selection and delete, Previous / Next. */
export function MediaGallery({ gallery }: { gallery: MediaGalleryState }) {
  const [gridRef, width] = useElementWidth();
  const items = gallery.answer?.data ?? [];

  const confirmDelete = async () => {
    if (await askConfirm('Would you like to delete selected entries ?')) await gallery.deleteSelected();
  };

  return (
    <div className="flex min-h-0 flex-1 gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-slate-600" aria-live="polite">
            {gallery.selected.length > 0 ? `${gallery.selected.length} selected` : ''}
          </span>
          <button type="button" className={BUTTON_CLASSES} disabled={gallery.selected.length === 0} onClick={() => void confirmDelete()}>
            Delete
          </button>
        </div>
        <div ref={gridRef} className="min-h-48 flex-1 overflow-y-auto">
          {gallery.loading ? (
            <div role="status" className="flex h-48 items-center justify-center">
              <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-label="Loading" />
            </div>
          ) : items.length === 0 ? (
            <p className="flex h-48 items-center justify-center text-slate-500">Nothing has already been uploaded</p>
          ) : (
            <ul className="grid gap-2" data-columns={galleryColumns(width)} style={{ gridTemplateColumns: `repeat(${galleryColumns(width)}, minmax(0, 1fr))` }}>
              {items.map((media) => {
                const selected = gallery.isSelected(media);
                return (
                  <li key={media.id}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      aria-label={media.name}
                      onClick={() => gallery.toggle(media)}
                      className={`block aspect-square w-full overflow-hidden rounded-md border-4 bg-slate-100 ${selected ? 'border-brand-600' : 'border-transparent hover:border-slate-300'}`}
                    >
                      <img src={media.sizes.thumb} alt="" className="h-full w-full object-cover" />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div className="flex items-center justify-between gap-2">
          <button type="button" className={BUTTON_CLASSES} disabled={!gallery.hasPrevious} onClick={gallery.previous}>
            Previous
          </button>
          {gallery.answer && gallery.answer.last_page > 1 && (
            <span className="text-xs text-slate-500">
              {gallery.answer.current_page} / {gallery.answer.last_page}
            </span>
          )}
          <button type="button" className={BUTTON_CLASSES} disabled={!gallery.hasNext} onClick={gallery.next}>
            Next
          </button>
        </div>
      </div>
      {gallery.previewed && (
        <div className="hidden w-56 shrink-0 sm:block">
          <MediaPreview media={gallery.previewed} />
        </div>
      )}
    </div>
  );
}
