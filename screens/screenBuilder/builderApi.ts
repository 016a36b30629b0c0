import { API_BASE_URL, http } from '../../engine/http';
import type { ConfigAnswer, FormConfigAnswer } from '../../schemas/crud/list';
import type { DiffChange, RemovedFieldAnswer, SavePlan } from '../../schemas/crud/builder';
import type { Paged } from '../../schemas/paged';
import type { BuilderDeclaration } from './declarationOf';

/** The screen builder's calls (server/crud/builder/routes.ts); the answers' shapes are schemas/crud/builder.ts'. */

export type { DiffChange, TypeChange } from '../../schemas/crud/builder';
export type RemovedField = RemovedFieldAnswer;
export type SaveCheck = SavePlan;

export interface ScreenSummary {
  namespace: string;
  slug: string;
  title: string;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
  /** How many fields the screen has (or the fields themselves). */
  fields: number | unknown[];
}

export interface FieldTypeOffer {
  type: string;
  label: string;
  /** The type lists options (select, multiselect). */
  options?: boolean;
  /** The type takes a minimum and a maximum (number). */
  minmax?: boolean;
}

export interface SavedScreen {
  declaration: BuilderDeclaration;
  version: number;
  removedFields: RemovedField[];
  updated_at: string | null;
}

export interface VersionSummary {
  version: number;
  created_at: string;
  author: string | null;
  summary: string;
}

export const screensKeys = {
  all: ['screens'] as const,
  lists: ['screens', 'list'] as const,
  list: (page: number, search: string) => ['screens', 'list', page, search] as const,
  fieldTypes: ['screens', 'field-types'] as const,
  screen: (namespace: string) => ['screens', 'screen', namespace] as const,
  versions: (namespace: string) => ['screens', 'versions', namespace] as const,
  diff: (namespace: string, from: number, to: number) => ['screens', 'diff', namespace, from, to] as const,
};

const base = (namespace: string) => `/screens/${encodeURIComponent(namespace)}`;

export async function fetchScreens(page: number, search: string, perPage: number): Promise<Paged<ScreenSummary>> {
  const params = { page, per_page: perPage, ...(search !== '' ? { search } : {}) };
  return (await http.get<Paged<ScreenSummary>>('/screens', { params })).data;
}

export async function fetchFieldTypes(): Promise<FieldTypeOffer[]> {
  return (await http.get<FieldTypeOffer[]>('/screens/field-types')).data;
}

export async function fetchScreen(namespace: string): Promise<SavedScreen> {
  return (await http.get<SavedScreen>(base(namespace))).data;
}

/** The list and form configs the declaration would be served with; silent: the editor shows the problem itself. */
export async function previewScreen(declaration: BuilderDeclaration, signal?: AbortSignal): Promise<{ config: ConfigAnswer; form: FormConfigAnswer }> {
  return (
    await http.post<{ config: ConfigAnswer; form: FormConfigAnswer }>('/screens/preview', { declaration }, { silent: true, ...(signal ? { signal } : {}) })
  ).data;
}

export interface SaveRequest {
  declaration: BuilderDeclaration;
  renames: Record<string, string>;
  base_version?: number;
}

export async function checkSave(request: SaveRequest): Promise<SaveCheck> {
  return (await http.post<SaveCheck>('/screens/check', request, { silent: true })).data;
}

export async function createScreen(declaration: BuilderDeclaration): Promise<{ namespace: string; version: number }> {
  return (await http.post<{ namespace: string; version: number }>('/screens', { declaration }, { silent: true })).data;
}

export async function updateScreen(
  namespace: string,
  request: SaveRequest & { base_version: number; conversions?: Record<string, 'copy' | 'refuse'> },
): Promise<{ version: number }> {
  return (await http.put<{ version: number }>(base(namespace), request, { silent: true })).data;
}

export async function importScreen(declaration: unknown): Promise<{ namespace: string; version: number }> {
  return (await http.post<{ namespace: string; version: number }>('/screens/import', declaration)).data;
}

export async function fetchVersions(namespace: string): Promise<VersionSummary[]> {
  return (await http.get<VersionSummary[]>(`${base(namespace)}/versions`)).data;
}

export async function fetchDiff(namespace: string, from: number, to: number): Promise<DiffChange[]> {
  return (await http.get<{ changes: DiffChange[] }>(`${base(namespace)}/diff`, { params: { from, to } })).data.changes;
}

export async function revertScreen(namespace: string, version: number): Promise<number> {
  return (await http.post<{ version: number }>(`${base(namespace)}/revert`, { version })).data.version;
}

export async function restoreField(namespace: string, name: string): Promise<number> {
  return (await http.post<{ version: number }>(`${base(namespace)}/fields/${encodeURIComponent(name)}/restore`)).data.version;
}

export async function purgeField(namespace: string, name: string, confirm: string): Promise<number> {
  return (await http.post<{ version: number }>(`${base(namespace)}/fields/${encodeURIComponent(name)}/purge`, { confirm })).data.version;
}

/** The export's address: a plain GET the browser downloads (`<slug>.json`). */
export const exportUrl = (namespace: string) => `${API_BASE_URL}${base(namespace)}/export`;
