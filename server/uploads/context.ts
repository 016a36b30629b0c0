import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import type { SessionUser } from '../services/sessions';

/** What an upload service needs from the request: the store, where files live, who asks, where to log. */
export interface UploadContext {
  database: Database;
  dataDir: string;
  user: SessionUser;
  log: FastifyBaseLogger;
}
