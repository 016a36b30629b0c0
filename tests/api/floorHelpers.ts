import type { TestApp } from './harness';
import { API } from './harness';

export const FLOOR = `${API}/floorlayout`;

/** Calls of the floor screen, typed loosely: tests assert on the JSON they get back. */
export function floorCalls(t: TestApp, cookie: string) {
  return {
    list: (layerId = 0) => t.call({ method: 'GET', url: `${FLOOR}/list/${layerId}`, cookie }),
    create: (body: Record<string, unknown>) => t.call({ method: 'POST', url: `${FLOOR}/create`, cookie, payload: body }),
    update: (body: Record<string, unknown>) => t.call({ method: 'POST', url: `${FLOOR}/update`, cookie, payload: body }),
    remove: (id: number) => t.call({ method: 'DELETE', url: `${FLOOR}/delete/${id}`, cookie }),
    history: (vendorId: number) => t.call({ method: 'GET', url: `${FLOOR}/history/${vendorId}`, cookie }),
    deleteHistory: (id: number) => t.call({ method: 'DELETE', url: `${FLOOR}/history/${id}`, cookie }),
    removeOwner: (id: number) => t.call({ method: 'DELETE', url: `${FLOOR}/spaceowner/${id}`, cookie }),
    blank: (body: Record<string, unknown>) => t.call({ method: 'POST', url: `${FLOOR}/blank`, cookie, payload: body }),
    deleteLayer: (id: number) => t.call({ method: 'DELETE', url: `${FLOOR}/delete-layer/${id}`, cookie }),
    saveObjects: (body: Record<string, unknown>) => t.call({ method: 'POST', url: `${FLOOR}/create-object`, cookie, payload: body }),
    clearObjects: (id: number) => t.call({ method: 'DELETE', url: `${FLOOR}/delete-object/${id}`, cookie }),
  };
}

/** A user's id by username, straight from the database. */
export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const row = await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

export async function defaultLayerId(t: TestApp): Promise<number> {
  return (await t.database.db.selectFrom('floor_layers').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow()).id;
}
