import { Link } from 'react-router';

/** Shown inside the shell for any path no screen answers. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-800">Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist.</p>
      <Link to="/dashboard" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Go to the Dashboard
      </Link>
    </section>
  );
}
