import { Link } from 'react-router';

export const NOT_ALLOWED_TITLE = 'Not Allowed';
export const NOT_ALLOWED_MESSAGE = 'You are not allowed to see this page.';

/** The one page every address the signed-in role may not open shows, whichever screen refused it. */
export function NotAllowedPage() {
  return (
    <section data-testid="not-allowed" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-800">{NOT_ALLOWED_TITLE}</h1>
      <p className="text-slate-600">{NOT_ALLOWED_MESSAGE}</p>
      <Link to="/dashboard" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Go to the Dashboard
      </Link>
    </section>
  );
}
