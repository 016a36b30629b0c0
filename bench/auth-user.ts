import { measureLoad, loadProblems, type LoadResult } from './lib/load';
import { startAppServer, startBareServer } from './lib/servers';
import { API, signIn } from './lib/signIn';
import { throughputRatio, type Benchmark } from './lib/types';

/** Target: an authenticated read costs at most twice a bare Fastify answer. */
const TARGET_RATIO = 0.5;

export const authUser: Benchmark = {
  name: 'auth-user',
  description: 'GET /auth/user with a session cookie on the real server, against a bare Fastify answer',
  async run(settings) {
    const load = { connections: settings.connections, durationSeconds: settings.durationSeconds, warmupSeconds: settings.warmupSeconds };

    const bareServer = await startBareServer();
    let bare: LoadResult;
    try {
      bare = await measureLoad({ ...load, url: `${bareServer.url}/bare` });
    } finally {
      await bareServer.stop();
    }

    const appServer = await startAppServer();
    let authenticated: LoadResult;
    try {
      const cookie = await signIn(appServer.url);
      const url = `${appServer.url}${API}/auth/user`;
      const check = await fetch(url, { headers: { cookie } });
      if (check.status !== 200) throw new Error(`GET ${url} with the session cookie answered ${check.status}: ${await check.text()}`);
      authenticated = await measureLoad({ ...load, url, headers: { cookie } });
    } finally {
      await appServer.stop();
    }

    const measurements = [
      { label: 'bare Fastify GET /bare', result: bare },
      { label: `GET ${API}/auth/user (signed in)`, result: authenticated },
    ];
    return {
      name: this.name,
      description: this.description,
      measurements,
      ratios: [throughputRatio('auth-user / bare', authenticated, bare, TARGET_RATIO)],
      problems: measurements.flatMap(({ label, result }) => loadProblems(label, result)),
    };
  },
};
