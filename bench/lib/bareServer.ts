// The baseline: a bare Fastify 5 app on 127.0.0.1 answering GET /bare with {ok:true}, and POST /bare
// (a JSON body parsed, its line count answered) for write benchmarks.
// Spawned by bench/lib/servers.ts; PORT=0 picks a free port, printed on the "Listening on" line.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
app.post<{ Body: { products?: unknown[] } }>('/bare', async (request) => ({ ok: true, lines: request.body?.products?.length ?? 0 }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
process.stdout.write(`Listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}\n`);

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
