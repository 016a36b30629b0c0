// `node scripts/together.mjs lint typecheck`: runs npm scripts side by side and fails if any of them fails.
// Each script's output is kept and printed whole when it ends, so the logs read as if they had run in turn.
// Why: lint and the type check each use one core, and `npm test` ran them one after the other.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('Usage: node scripts/together.mjs <npm script> [<npm script> …]\n');
  process.exit(2);
}

function run(name) {
  return new Promise((resolve) => {
    const chunks = [];
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`==> npm run ${name}: ${outcome} in ${seconds} s\n${Buffer.concat(chunks).toString()}\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
