// nginx in front of the portal's instances: TLS, HTTP/2, round robin, retries on a refused or
// draining instance, and an unbuffered event stream. docs/deploy.md shows the same configuration
// for production; this writes it for a loopback cluster.

/**
 * The nginx.conf of a cluster on loopback. `prefix` holds nginx's pid, logs and temp files;
 * `runAsRoot` keeps the workers root too (they read the certificate and write temp files under a
 * private temp folder, where the default `nobody` could not).
 */
export function nginxConf({ prefix, httpsPort, upstreams, cert, key, runAsRoot }) {
  return `# Written by scripts/cluster/nginx.mjs; docs/deploy.md explains each part.
${runAsRoot ? 'user root;\n' : ''}worker_processes 1;
# A reload or stop waits for open requests; event streams never finish by themselves, so the
# old workers close them after this long and browsers reconnect to the new ones.
worker_shutdown_timeout 10s;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }

http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

  upstream portal {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${httpsPort} ssl http2;
    server_name localhost;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};

    # Notes are at most 50 MB; the form around them adds a little.
    client_max_body_size 60m;
    # Slow clients are held here, not by an instance.
    client_body_timeout 30s;
    client_header_timeout 15s;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    # An instance that refuses the connection (stopped) or answers 503 (draining) is skipped.
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 2;

    location / {
      proxy_pass http://portal;
    }

    # The live notifications: passed through as they come, for as long as they last.
    location = /api/v1/notifications/stream {
      proxy_pass http://portal;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}
