import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's nginx, installed when it is missing; its path. */
export function ensureNginx(cwd: string): string {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));
  if (found) return found;
  console.log('cluster: installing Debian nginx');
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { cwd, stdio: 'inherit' });
  return '/usr/sbin/nginx';
}

export type NginxOptions = {
  /**
   * Answers carry `X-Cluster-Instance: 127.0.0.1:<port>`, the instance that served them: the
   * cluster journeys count the spread with it. Off by default: it tells visitors the topology.
   */
  nameInstances?: boolean;
};

/**
 * nginx on loopback `port`, round robin over the instances' ports, its files in a folder of its
 * own (returned: start nginx with `-p <folder> -c <folder>/nginx.conf`).
 */
export function writeNginxConfig(
  port: number,
  instancePorts: number[],
  options: NginxOptions = {},
): string {
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
  // Started as root, nginx's workers run as `nobody`: they must reach the temporary files of
  // large request and response bodies in here (mkdtemp makes it the owner's alone).
  chmodSync(prefix, 0o711);
  const upstreams = instancePorts.map((instance) => `    server 127.0.0.1:${instance};`).join('\n');
  const nameInstance = options.nameInstances
    ? '\n      add_header X-Cluster-Instance $upstream_addr always;'
    : '';
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events {}
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  upstream portal {
${upstreams}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # As the client sent it, port included: the sign-in provider builds its addresses from it.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # nginx's own id for the request (a client's header is replaced): the portal logs it, its
      # jobs and calls carry it (decision 0280), and nginx's log can name it too.
      proxy_set_header X-Request-ID $request_id;
      proxy_set_header X-Forwarded-Proto $scheme;${nameInstance}
    }
  }
}
`,
  );
  return prefix;
}
