import { http, messageOf } from '../../engine/http';
import type { AlertSubmission } from '../../machines/salesAlerts';
import type { SalesAlertView } from '../../schemas/salesAlerts';

/** GET /dashboard/sales-alerts/{userId}; a failure rejects with the server's message (spec 03 §8). */
export async function fetchSalesAlert(userId: number): Promise<SalesAlertView> {
  try {
    return (await http.get<{ salesAlert: SalesAlertView }>(`/dashboard/sales-alerts/${userId}`, { silent: true })).data.salesAlert;
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

/** POST /dashboard/sales-alerts as multipart: the machine's fields, and the picked files as images[]. */
export async function submitSalesAlert(submission: AlertSubmission, files: ReadonlyMap<string, File>): Promise<{ message: string }> {
  const form = new FormData();
  const { files: fileIds, ...fields } = submission;
  for (const [name, value] of Object.entries(fields)) form.append(name, value === null ? '' : String(value));
  for (const id of fileIds) {
    const file = files.get(id);
    if (file) form.append('images[]', file, file.name);
  }
  try {
    return (await http.post<{ message: string }>('/dashboard/sales-alerts', form, { silent: true })).data;
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

/** A pending request of any vendor, as GET /dashboard/sales-alerts lists them for the administrators. */
export interface PendingAlertSummary {
  id: number;
  user_id: number;
  username: string;
  request_content: string;
  is_default: number;
  range_start: string | null;
  range_end: string | null;
  request_date: string;
}

export async function fetchPendingAlerts(): Promise<PendingAlertSummary[]> {
  try {
    return (await http.get<{ requests: PendingAlertSummary[] }>('/dashboard/sales-alerts', { silent: true })).data.requests;
  } catch (error) {
    throw new Error(messageOf(error));
  }
}
