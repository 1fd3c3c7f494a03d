// Trunk's post-build hook. It makes what a browser downloads smaller without changing what
// the page does, then writes the service worker's file list:
//
// 1. Short import names. wasm-bindgen names every function the WebAssembly imports from
//    its JavaScript `__wbg_<name>_<16 hex digits>` and puts them all in a module named
//    `./bloomlab_bg.js`; each name is written twice, once in the WebAssembly's import
//    section and once as a key of the JavaScript object that provides it, and no minifier
//    can shorten a name on that boundary. Every import is renamed (a, b, …, z, A, …, ba,
//    …) in both files and the module is renamed `a`. A name that is not found exactly once
//    in the JavaScript stops the build rather than ship a page that cannot start.
// 2. The JavaScript (wasm-bindgen's glue and snippets, boot.js, the lab's worker) is
//    minified with terser. Without the
//    npm packages (a fresh clone before `make setup`) this step alone is skipped, with a
//    one-line note: the page works the same, only its JavaScript is larger.
// 3. index.html's `integrity` attributes are computed again for the files that changed, and
//    left out of the WebAssembly's preload, where Chromium ignores them.
// 4. The service worker: the build's version (a hash of every file it serves) and the list
//    of those files replace the markers in sw.js, so that it caches exactly this build and a
//    new build is a new worker; then sw.js is minified too (when terser is there).
//
// Run by Trunk with TRUNK_STAGING_DIR set, or by hand: node scripts/post_build.mjs DIR.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { leb, readLeb } from './wasm_binary.mjs';

// terser is an npm package (package.json); `trunk build` and `trunk serve` also run in a
// clone whose packages are not installed yet.
let minify = null;
try {
  ({ minify } = await import('terser'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  console.log('post_build: terser is not installed, so the JavaScript is not minified; `make setup` (or `npm ci`) installs it');
}

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('post_build: give the build folder, or run as a Trunk hook');
  process.exit(2);
}

function fail(message) {
  console.error(`post_build: ${message}`);
  process.exit(1);
}

// ---- WebAssembly binary reading and writing (only what the import section needs) ----

const utf8 = (text) => Buffer.from(text, 'utf8');
const named = (text) => Buffer.concat([leb(utf8(text).length), utf8(text)]);

/** The length of an import's description (what follows its two names), from `at`. */
function descriptionEnd(bytes, at) {
  const kind = bytes[at++];
  const limits = (from) => {
    const [flags, afterFlags] = readLeb(bytes, from);
    let [, next] = readLeb(bytes, afterFlags);
    if (flags & 1) [, next] = readLeb(bytes, next);
    return next;
  };
  switch (kind) {
    case 0: return readLeb(bytes, at)[1]; // function: type index
    case 1: return limits(at + 1); // table: element type, limits
    case 2: return limits(at); // memory: limits
    case 3: return at + 2; // global: value type, mutability
    case 4: return readLeb(bytes, at + 1)[1]; // tag: attribute, type index
    default: return fail(`import kind ${kind} is not known`);
  }
}

/** The short name number `i`: a … z, A … Z, ba, bb, … (never a JavaScript keyword). */
function shortName(i) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = '';
  do {
    name = letters[i % letters.length] + name;
    i = Math.floor(i / letters.length);
  } while (i > 0);
  return name;
}

/**
 * Rewrites the import section of `wasm` with each import's name passed through `rename`
 * and every module called `from` called `to`. Returns the new bytes.
 */
function renameImports(wasm, from, to, rename) {
  const parts = [wasm.subarray(0, 8)];
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, start] = readLeb(wasm, at + 1);
    const end = start + size;
    let body = wasm.subarray(start, end);
    if (id === 2) {
      let [count, p] = readLeb(body, 0);
      const entries = [leb(count)];
      while (count-- > 0) {
        let length;
        [length, p] = readLeb(body, p);
        const module = body.subarray(p, p + length).toString('utf8');
        p += length;
        [length, p] = readLeb(body, p);
        const name = body.subarray(p, p + length).toString('utf8');
        p += length;
        const next = descriptionEnd(body, p);
        const renamed = module === from ? [to, rename(name)] : [module, name];
        entries.push(named(renamed[0]), named(renamed[1]), body.subarray(p, next));
        p = next;
      }
      body = Buffer.concat(entries);
    }
    parts.push(Buffer.from([id]), leb(body.length), body);
    at = end;
  }
  return Buffer.concat(parts);
}

// ---- The build's files ----

const files = readdirSync(dir, { recursive: true })
  .filter((f) => statSync(join(dir, f)).isFile())
  .map((f) => relative(dir, join(dir, f)).split('\\').join('/'))
  .sort();
const wasmFile = files.find((f) => /^bloomlab-[0-9a-f]+_bg\.wasm$/.test(f));
const glueFile = wasmFile?.replace(/_bg\.wasm$/, '.js');
if (!wasmFile || !files.includes(glueFile)) fail(`no bloomlab wasm and glue in ${dir}`);

// 1. Short import names.
const glueModule = './bloomlab_bg.js';
let glue = readFileSync(join(dir, glueFile), 'utf8');
const moduleKey = `"${glueModule}": import0`;
if (glue.split(moduleKey).length !== 2) fail(`the glue does not provide "${glueModule}" once`);
glue = glue.replace(moduleKey, 'a: import0');
const renames = new Map();
const wasm = renameImports(readFileSync(join(dir, wasmFile)), glueModule, 'a', (name) => {
  if (!renames.has(name)) renames.set(name, shortName(renames.size));
  return renames.get(name);
});
// Each import is one key of the glue's import object, written on a line of its own.
for (const [name, short] of renames) {
  const key = new RegExp(`^(\\s+)${name.replace(/\$/g, '\\$')}:`, 'gm');
  const found = glue.match(key)?.length ?? 0;
  if (found !== 1) fail(`the import ${name} is a key of the glue ${found} times, not once`);
  glue = glue.replace(key, `$1${short}:`);
}
writeFileSync(join(dir, wasmFile), wasm);

// 2. Minified JavaScript (the code as it is when terser is not installed).
async function minified(code, module) {
  if (!minify) return code;
  const result = await minify(code, { module, compress: { passes: 2 }, mangle: true });
  if (!result.code) fail('terser returned nothing');
  return result.code;
}
writeFileSync(join(dir, glueFile), await minified(glue, true));
// boot.js, wasm-bindgen's snippets (static/workers.js), the workers' scripts and the
// modules of the views (filters, files) and of the Embed dialog: all modules.
const scripts = files.filter((f) => f === 'boot.js' || /^snippets\/.*\.js$/.test(f) || /^((lab|parquet)_worker.*|filters_view|files_view|embed_dialog)\.js$/.test(f));
for (const script of scripts) {
  writeFileSync(join(dir, script), await minified(readFileSync(join(dir, script), 'utf8'), true));
}

// 3. Integrity attributes.
const digest = (file, algorithm) => createHash(algorithm).update(readFileSync(join(dir, file)));
let page = readFileSync(join(dir, 'index.html'), 'utf8');
page = page.replace(/<[^>]*\bintegrity=[^>]*>/g, (tag) => {
  // Chromium ignores integrity on a preload fetched as data (the WebAssembly's
  // rel="preload" as="fetch"), says so in the console, and with a long address (a link of
  // 20,000 items) then spends 50-190 ms in one task here: the attribute is left out.
  if (/\bas=["']?fetch\b/.test(tag)) return tag.replace(/\s+integrity=(["']?)sha384-[A-Za-z0-9+/=]+\1/, '');
  const href = tag.match(/\bhref=["']?([^"'\s>]+)/)?.[1];
  const file = href && decodeURI(href).replace(/^(\.?\/)+/, '');
  if (!file || !files.includes(file)) fail(`no file for the integrity of ${tag}`);
  const sri = `sha384-${digest(file, 'sha384').digest('base64')}`;
  return tag.replace(/\bintegrity=(["']?)sha384-[A-Za-z0-9+/=]+\1/, `integrity=$1${sri}$1`);
});
writeFileSync(join(dir, 'index.html'), page);

// 4. The service worker.
if (files.includes('sw.js')) {
  const served = files.filter((f) => f !== 'sw.js' && !f.endsWith('.map'));
  const version = createHash('sha256')
    .update(served.map((f) => `${digest(f, 'sha256').digest('hex')}  ${f}\n`).join(''))
    .digest('hex')
    .slice(0, 16);
  const list = JSON.stringify(['./', ...served]);
  let worker = readFileSync(join(dir, 'sw.js'), 'utf8');
  for (const marker of ['/*VERSION*/', '/*FILES*/[]']) {
    if (!worker.includes(marker)) fail(`sw.js has no ${marker} marker`);
  }
  worker = worker.replace('/*VERSION*/', version).replace('/*FILES*/[]', list);
  writeFileSync(join(dir, 'sw.js'), await minified(worker, false));
}

const size = (f) => readFileSync(join(dir, f)).length;
console.log(`post_build: ${renames.size} imports renamed; ${glueFile} ${size(glueFile)} B, ${wasmFile} ${size(wasmFile)} B`);
