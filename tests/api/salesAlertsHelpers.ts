import { API, type TestApp } from './harness';
import { multipart, type FormPart } from './uploadFixtures';

export const ALERTS = `${API}/dashboard/sales-alerts`;

const box = (type: string, body: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** The start of an MP4 file (ftyp box) and of a WebM file (EBML header): enough for file-type. */
export const MP4 = Buffer.concat([
  box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')])),
  box('free', Buffer.alloc(64)),
]);
export const WEBM = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701000000000000', 'hex');

export type AlertFields = Partial<
  Record<
    'request_id' | 'request_user' | 'request_content' | 'request_note' | 'startDate' | 'endDate' | 'approve_note' | 'alert_type' | 'action_type',
    string | number
  >
>;
export interface AlertFile {
  filename: string;
  data: Buffer;
}

/** POST /dashboard/sales-alerts as the popup sends it: text fields and images[] files. */
export function postAlert(t: TestApp, cookie: string, fields: AlertFields, files: readonly AlertFile[] = []) {
  const parts: FormPart[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    ...files.map((file) => ({ name: 'images[]', filename: file.filename, data: file.data })),
  ];
  return t.call({ method: 'POST', url: ALERTS, cookie, ...multipart(parts) });
}

export function getAlert(t: TestApp, cookie: string, userId: number) {
  return t.call({ method: 'GET', url: `${ALERTS}/${userId}`, cookie });
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const row = await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/** A request straight in the table, for the states a test starts from. */
export async function insertRequest(
  t: TestApp,
  userId: number,
  values: { approve_type?: 'pending' | 'approve' | 'decline'; range?: [string, string]; content?: string; approve_date?: string },
) {
  const now = '2026-01-01 10:00:00';
  const row = await t.database.db
    .insertInto('sales_alert_requests')
    .values({
      user_id: userId,
      request_content: values.content ?? 'Seeded alert',
      request_note: '',
      approve_type: values.approve_type ?? 'pending',
      approve_note: '',
      is_default: values.range ? 0 : 1,
      range_start: values.range?.[0] ?? null,
      range_end: values.range?.[1] ?? null,
      request_date: now,
      approve_date: values.approve_type === 'approve' ? (values.approve_date ?? now) : null,
      approve_admin_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function clearRequests(t: TestApp) {
  await t.database.db.deleteFrom('sales_alert_requests').execute();
}
