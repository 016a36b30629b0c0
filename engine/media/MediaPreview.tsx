import { formatDateTime } from '../../schemas/format';
import type { Media } from './mediaApi';

/** The gallery's preview panel: the image, File Name, Uploaded At and By (spec 02 §2). */
export function MediaPreview({ media }: { media: Media }) {
  return (
    <aside aria-label="Preview" className="flex flex-col gap-3 text-sm">
      <img src={media.sizes.thumb} alt={media.name} className="aspect-square w-full rounded-md bg-slate-100 object-contain" />
      <dl className="flex flex-col gap-2">
        <div>
          <dt className="text-xs font-medium uppercase text-slate-500">File Name</dt>
          <dd className="break-all text-slate-800">{media.name}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase text-slate-500">Uploaded At</dt>
          <dd className="text-slate-800">{formatDateTime(media.created_at)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase text-slate-500">By</dt>
          <dd className="text-slate-800">{media.user?.username ?? ''}</dd>
        </div>
      </dl>
    </aside>
  );
}
