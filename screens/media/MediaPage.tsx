import { MediaManager } from '../../engine/media';

/** The media manager as a page screen (spec 02 §2). */
export function MediaPage() {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-800">Media Manager</h1>
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <MediaManager />
      </div>
    </section>
  );
}
