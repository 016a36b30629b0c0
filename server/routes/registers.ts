import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { currentUser } from '../plugins/access';
import { auditActor } from '../services/audit';
import { acceptDifference, closeSession, listSessions, moveCash, openSession, registerStates, sessionReport } from '../services/registers';
import { IdParamsSchema, NoQuerySchema } from '../../schemas/http';
import {
  AcceptDifferenceBodySchema,
  CashMoveBodySchema,
  CloseSessionBodySchema,
  OpenSessionBodySchema,
  REGISTER_MESSAGES,
  SessionListQuerySchema,
  type AcceptDifferenceBody,
  type CashMoveBody,
  type CloseSessionBody,
  type OpenSessionBody,
  type SessionListQuery,
} from '../../schemas/registers';
import type { Role } from '../../schemas/roles';

/** Staff hear when a register opens or closes (the till and the Registers screen refresh). */
const STAFF: Role[] = ['administrator', 'store_administrator', 'manager', 'cashier'];

/**
 * Register sessions: the registers with their open session, the session list, one session's report, and
 * opening, cash in/out, closing and accepting a difference. Reads need registers.read; writes
 * registers.sessions (the service keeps a session to its holder or a manager); accepting
 * registers.accept_difference.
 */
export function registerSessionRoutes(app: FastifyInstance, database: Database): void {
  const changed = async (registerId: number | null) => app.realtime.publish({ type: 'register.changed', data: { id: registerId } }, { roles: STAFF });
  const read = { permission: 'registers.read' as const };
  const write = { permission: 'registers.sessions' as const };

  app.get('/register-sessions/registers', { schema: { querystring: NoQuerySchema }, config: read }, () => registerStates(database));

  app.get<{ Querystring: SessionListQuery }>('/register-sessions', { schema: { querystring: SessionListQuerySchema }, config: read }, (request) =>
    listSessions(database, request.query),
  );

  app.get<{ Params: { id: number } }>('/register-sessions/:id', { schema: { params: IdParamsSchema, querystring: NoQuerySchema }, config: read }, (request) =>
    sessionReport(database, request.params.id),
  );

  app.post<{ Body: OpenSessionBody }>(
    '/register-sessions',
    { schema: { body: OpenSessionBodySchema, querystring: NoQuerySchema }, config: write },
    async (request) => {
      const id = await openSession(database, request.body, currentUser(request), auditActor(request));
      await changed(request.body.register_id);
      return { status: 'success', message: REGISTER_MESSAGES.opened, data: { id } };
    },
  );

  app.post<{ Params: { id: number }; Body: CashMoveBody }>(
    '/register-sessions/:id/cash',
    { schema: { params: IdParamsSchema, body: CashMoveBodySchema, querystring: NoQuerySchema }, config: write },
    async (request) => {
      await moveCash(database, request.params.id, request.body, currentUser(request), auditActor(request));
      await changed(null);
      return { status: 'success', message: REGISTER_MESSAGES.moved };
    },
  );

  app.post<{ Params: { id: number }; Body: CloseSessionBody }>(
    '/register-sessions/:id/close',
    { schema: { params: IdParamsSchema, body: CloseSessionBodySchema, querystring: NoQuerySchema }, config: write },
    async (request) => {
      const { acceptance } = await closeSession(database, request.params.id, request.body, currentUser(request), auditActor(request));
      await changed(null);
      return { status: 'success', message: acceptance === 'awaiting' ? REGISTER_MESSAGES.closedAwaiting : REGISTER_MESSAGES.closed, data: { acceptance } };
    },
  );

  app.post<{ Params: { id: number }; Body: AcceptDifferenceBody }>(
    '/register-sessions/:id/accept',
    { schema: { params: IdParamsSchema, body: AcceptDifferenceBodySchema, querystring: NoQuerySchema }, config: { permission: 'registers.accept_difference' } },
    async (request) => {
      await acceptDifference(database, request.params.id, request.body, currentUser(request), auditActor(request));
      await changed(null);
      return { status: 'success', message: REGISTER_MESSAGES.accepted };
    },
  );
}
