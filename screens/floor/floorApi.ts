import { http } from '../../engine/http';
import type { BlankLayerBody, CreateObjectBody, FloorListAnswer, HistoryEntry, LayerAnswer, SpaceAnswer, UpdateSpaceBody } from '../../schemas/floor';

/** The floorlayout calls of spec 02 §7 (server: server/routes/floorLayout.ts). */
const BASE = '/floorlayout';

interface Message {
  message: string;
}

export interface VendorChoice {
  id: number;
  username: string;
  vendor_id: number | null;
}

export const floorQueryKey = (layerId: number) => ['floorlayout', 'list', layerId] as const;
export const historyQueryKey = (vendorId: number) => ['floorlayout', 'history', vendorId] as const;

export async function fetchFloor(layerId: number): Promise<FloorListAnswer> {
  return (await http.get<FloorListAnswer>(`${BASE}/list/${layerId}`)).data;
}

export async function createSpace(coords: string, layer: number, id = 0): Promise<SpaceAnswer> {
  return (await http.post<Message & { space: SpaceAnswer }>(`${BASE}/create`, { coords, layer, id })).data.space;
}

/** The saved space and what the server discarded from the owner rows (one sentence per row). */
export async function updateSpace(body: UpdateSpaceBody): Promise<{ space: SpaceAnswer; notices: string[] }> {
  const { space, notices } = (await http.post<Message & { space: SpaceAnswer; notices?: string[] }>(`${BASE}/update`, body)).data;
  return { space, notices: notices ?? [] };
}

export async function deleteSpace(id: number): Promise<string> {
  return (await http.delete<Message>(`${BASE}/delete/${id}`)).data.message;
}

export async function createLayer(body: BlankLayerBody): Promise<LayerAnswer> {
  return (await http.post<Message & { layer: LayerAnswer }>(`${BASE}/blank`, body)).data.layer;
}

export async function uploadFloorImage(file: File, layer: number): Promise<string> {
  const form = new FormData();
  form.append('layer', String(layer));
  form.append('file', file);
  return (await http.post<Message>(`${BASE}/upload`, form)).data.message;
}

export async function deleteLayer(id: number): Promise<string> {
  return (await http.delete<Message>(`${BASE}/delete-layer/${id}`)).data.message;
}

export async function saveLayerObjects(body: CreateObjectBody): Promise<string> {
  return (await http.post<Message>(`${BASE}/create-object`, body)).data.message;
}

export async function fetchHistory(vendorId: number): Promise<HistoryEntry[]> {
  return (await http.get<{ history: HistoryEntry[] }>(`${BASE}/history/${vendorId}`)).data.history;
}

export async function deleteHistoryEntry(id: number): Promise<string> {
  return (await http.delete<Message>(`${BASE}/history/${id}`)).data.message;
}

/** The message and, when the last owner left, the notice that the space is For Rent at 0. */
export async function removeSpaceOwner(spaceOwnerId: number): Promise<{ message: string; notices: string[] }> {
  const { message, notices } = (await http.delete<Message & { notices?: string[] }>(`${BASE}/spaceowner/${spaceOwnerId}`)).data;
  return { message, notices: notices ?? [] };
}

/** Active vendors for the owner rows of the space details popup. */
export async function fetchActiveVendors(): Promise<VendorChoice[]> {
  return (await http.get<VendorChoice[]>('/smp/vendors', { params: { filter: 'active' } })).data;
}
