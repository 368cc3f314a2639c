/**
 * `npm run start:cluster`: several API instances on the machine's PostgreSQL and Redis behind
 * nginx on loopback, requests spread round robin (issue 24). Installs Debian's nginx when it is
 * missing, builds the web app, applies the migrations once, starts the instances and nginx, and
 * stops them all on Ctrl-C.
 *
 *   CLUSTER_INSTANCES=3 CLUSTER_PORT=8080 DATABASE_URL=... REDIS_URL=... npm run start:cluster
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNginx, writeNginxConfig } from './nginx';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const instances = Number(process.env['CLUSTER_INSTANCES'] ?? 2);
const port = Number(process.env['CLUSTER_PORT'] ?? 8080);
const firstApiPort = port + 1;
const databaseUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const publicUrl = `http://127.0.0.1:${port}`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  execFileSync(command, args, { cwd: repoRoot, stdio: 'inherit', env });
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  INSTANCES: String(instances),
  PUBLIC_URL: publicUrl,
  // Only nginx on this machine is believed for the client's address.
  TRUST_PROXY: '127.0.0.1',
};

const nginx = ensureNginx(repoRoot);
run('npm', ['run', 'build', '--workspace', 'apps/web'], { ...process.env, NODE_ENV: 'production' });
run('npm', ['run', 'migrate'], env);

const children: ChildProcess[] = [];
for (let i = 0; i < instances; i += 1) {
  // tsx itself, not through npm: a stop then reaches the server, not only its npm parent.
  children.push(
    spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...env, PORT: String(firstApiPort + i) },
    }),
  );
}
const prefix = writeNginxConfig(
  port,
  Array.from({ length: instances }, (_, i) => firstApiPort + i),
);
children.push(
  spawn(nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' }),
);
console.log(`cluster: ${instances} instances behind nginx at ${publicUrl}`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
