import { useAuthUser } from '../../engine/session';
import { FloorLayout } from './FloorLayout';

/** My Spaces: the floor map with the signed-in vendor's spaces highlighted and listed. */
export function MySpacesPage() {
  const user = useAuthUser();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-800">My Spaces</h1>
      <div className="rounded-lg bg-white p-4 shadow-sm">{user.data && <FloorLayout highlightUserId={user.data.id} />}</div>
    </section>
  );
}
