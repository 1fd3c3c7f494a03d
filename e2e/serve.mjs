// A static file server for the built app (dist/) on 127.0.0.1, with the right MIME types.
//
//   node e2e/serve.mjs [ROOT] [PORT] [PREFIX]
//
// serves the folder ROOT (default dist) at http://127.0.0.1:PORT/PREFIX. PREFIX (default
// /) is a path such as /a/b/: the site is then one folder of the host, as on a course site,
// and every request outside it is not found. Like a static host, it sends text and
// WebAssembly gzip-compressed to a browser that accepts it. Tests import `serve` to run one
// in-process.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** `prefix` with one slash at each end ("a/b" → "/a/b/"). */
function folder(prefix) {
  const inner = prefix.split('/').filter(Boolean).join('/');
  return inner ? `/${inner}/` : '/';
}

/**
 * Serves `root` under `prefix` on 127.0.0.1:`port` (0: any free port). Resolves to the
 * listening server once it listens; `server.address().port` is its port.
 */
export function serve(root, { port = 0, prefix = '/' } = {}) {
  const base = folder(prefix);
  // Compressed once per file and content.
  const compressed = new Map();
  const gzipped = (file, body) => {
    const key = `${file}:${body.length}`;
    if (!compressed.has(key)) compressed.set(key, gzipSync(body));
    return compressed.get(key);
  };
  // Links of tens of thousands of items are long: the request line may reach a few MB.
  const server = createServer({ maxHeaderSize: 8 << 20 }, async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    // The folder named without its slash: a static host redirects to the folder.
    if (`${path}/` === base) {
      res.writeHead(301, { location: base });
      res.end();
      return;
    }
    if (!path.startsWith(base)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    // Normalized as an absolute path, `..` cannot climb above the folder.
    const safe = normalize(`/${path.slice(base.length)}`);
    const file = join(root, safe.endsWith('/') ? `${safe}index.html` : safe);
    try {
      let body = await readFile(file);
      const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream' };
      const compressible = /^(text\/|application\/(wasm|json|manifest))|svg/.test(headers['content-type']);
      if (compressible && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipped(file, body);
        headers['content-encoding'] = 'gzip';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((listening, failed) => {
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => listening(server));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.argv[2] ?? 'dist';
  const prefix = folder(process.argv[4] ?? '/');
  const server = await serve(root, { port: Number(process.argv[3] ?? 4173), prefix });
  console.log(`serving ${root} on http://127.0.0.1:${server.address().port}${prefix}`);
}
