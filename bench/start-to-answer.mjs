// Start-up time of the real server: `node bench/start-to-answer.mjs npm start` runs the command (in its
// own process group, PORT set to a free port), asks GET /login every 20 ms until it answers 200, then
// stops the command and exits. Time the whole run from outside (`/usr/bin/time`, hyperfine): that is the
// time from the command to the first answer. DATA_DIR is kept as given, so a store that exists is not
// created again (point it at a folder the first, uncounted run fills).
import { spawn } from 'node:child_process';
import net from 'node:net';

const command = process.argv.slice(2);
if (command.length === 0) {
  process.stderr.write('usage: node bench/start-to-answer.mjs <command> [args…]\n');
  process.exit(2);
}

const port = await new Promise((resolve, reject) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
  probe.on('error', reject);
});

const child = spawn(command[0], command.slice(1), {
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
});
let exited = false;
child.on('exit', (code) => {
  exited = true;
  process.stderr.write(`the command exited (${code}) before answering\n`);
  process.exit(1);
});

const deadline = Date.now() + 300_000;
for (;;) {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/login`);
    if (answer.status === 200) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) {
    process.stderr.write('no answer within 300 s\n');
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
child.removeAllListeners('exit');
if (!exited) {
  const gone = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await gone;
}
