import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import type { CrudRegistry } from '../crud';
import { invalid } from '../errors';
import { INVALID_FORM_MESSAGE } from '../plugins/errors';
import { currentUser } from '../plugins/access';
import { readOptions } from '../services/options';
import { loadTagItems, tagSource } from '../services/tags/tagItems';
import { renderTagPage } from '../services/tags/tagPage';
import { currencySettingsFrom } from '../../schemas/format';
import { toDecimal } from '../../schemas/money';
import { TAG_LAYOUTS } from '../../schemas/tags/layout';
import { TOO_MANY_TAGS_MESSAGE, parseTagRequests } from '../../schemas/tags/items';
import {
  TagItemsAnswerSchema,
  TagItemsQuerySchema,
  TagParamsSchema,
  TagPrintQuerySchema,
  type TagItemsQuery,
  type TagParams,
  type TagPrintQuery,
} from '../../schemas/tags/requests';

/** Like receipts: our inline styles and inline SVG only; printed from a same-origin hidden frame. */
const TAG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

export const NO_CODE_MESSAGE = 'An item without a barcode or SKU cannot have a tag.';
export const START_MESSAGE = 'The start position is not a label of this layout.';

/**
 * Item tags, printed from a products list (tags/{namespace}): which list decides what the caller may
 * print, through that list's read permission and scope (checked in the service, so the route asks only
 * for a session).
 */
export function tagRoutes(app: FastifyInstance, database: Database, registry: CrudRegistry): void {
  app.get<{ Params: TagParams; Querystring: TagItemsQuery }>(
    '/tags/:namespace/items',
    {
      schema: { params: TagParamsSchema, querystring: TagItemsQuerySchema, response: { 200: TagItemsAnswerSchema } },
      config: { permission: 'session.read' },
    },
    async (request) => {
      const user = currentUser(request);
      const source = tagSource(registry, user, request.params.namespace);
      const items = await loadTagItems(database, source, user, request.query.ids.split(',').map(Number));
      return { items: items.map((item) => ({ ...item, price: item.price === null ? null : toDecimal(item.price) })) };
    },
  );

  app.get<{ Params: TagParams; Querystring: TagPrintQuery }>(
    '/tags/:namespace/print',
    {
      schema: { params: TagParamsSchema, querystring: TagPrintQuerySchema },
      config: { permission: 'session.read' },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const source = tagSource(registry, user, request.params.namespace);
      const layout = TAG_LAYOUTS[request.query.layout];
      const start = request.query.start ?? 1;
      if (start > layout.columns * layout.rows) throw invalid(INVALID_FORM_MESSAGE, { start: [START_MESSAGE] });
      const requests = parseTagRequests(request.query.items);
      if (!requests) throw invalid(INVALID_FORM_MESSAGE, { items: [TOO_MANY_TAGS_MESSAGE] });
      const items = await loadTagItems(
        database,
        source,
        user,
        requests.map((entry) => entry.id),
      );
      const printable = items.map((item, index) => {
        if (item.code === null) throw invalid(INVALID_FORM_MESSAGE, { [`items.${index}`]: [NO_CODE_MESSAGE] });
        return { item: { ...item, code: item.code }, quantity: requests[index]!.quantity };
      });
      const options = await readOptions(database);
      const page = renderTagPage({ layoutName: request.query.layout, layout, start, items: printable, currency: currencySettingsFrom(options) });
      return reply.type('text/html; charset=utf-8').header('content-security-policy', TAG_CSP).header('cache-control', 'no-store').send(page);
    },
  );
}
