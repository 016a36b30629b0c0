import { FIGURES } from '../../schemas/reports';

/** What each figure means, from the one definitions table the server computes by. */
export function FigureDefinitions() {
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium">What the figures mean</summary>
      <p className="mt-2">
        Only closed sales count: orders paid in full (refunded since or not). A sale counts on its day in the store's time zone, a refund on the day it was
        given.
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {FIGURES.map((figure) => (
          <div key={figure.key} className="contents">
            <dt className="font-medium">{figure.label}</dt>
            <dd>{figure.definition}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
