import { FloorLayout } from './FloorLayout';

/** The floor layout as a page screen (spec 02 §2). */
export function FloorLayoutPage() {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-800">Floor Layout</h1>
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <FloorLayout />
      </div>
    </section>
  );
}
