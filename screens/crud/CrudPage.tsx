import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAuthUser } from '../../engine/session';
import { NotFoundPage, useMenu } from '../shell';
import { CrudListPage } from './CrudListPage';
import { LazyCrudFormPage as CrudFormPage } from './lazyFormPage';
import { resolveCrudRoute } from './resolveCrudRoute';

function Spinner() {
  return (
    <div role="status" className="p-6 text-center text-slate-500">
      <span className="inline-block animate-spin" aria-hidden="true">
        ⟳
      </span>
    </div>
  );
}

/**
 * Every '/dashboard/…' path no other route claims: the list, create or edit page of the resource
 * whose menu entry the path starts with — no code per resource.
 */
export function CrudPage() {
  const { pathname } = useLocation();
  const { data: user } = useAuthUser();
  const { menu, isLoaded, isError } = useMenu(user?.role);
  const route = resolveCrudRoute(pathname, menu);
  if (!route) {
    if (!isLoaded && !isError) return <Spinner />;
    return <NotFoundPage />;
  }
  if (route.mode === 'list') return <CrudListPage key={route.namespace} namespace={route.namespace} />;
  return (
    <Suspense fallback={<Spinner />}>
      {route.mode === 'create' ? (
        <CrudFormPage key={`${route.namespace}:new`} namespace={route.namespace} />
      ) : (
        <CrudFormPage key={`${route.namespace}:${route.id}`} namespace={route.namespace} id={route.id} />
      )}
    </Suspense>
  );
}
