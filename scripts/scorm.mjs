// Writes SCORM 1.2 packages of the built site: each a zip holding the whole site, the launch
// page (scorm/launch.html, filled in with the assignment, and scorm/launch.js) and an
// imsmanifest.xml with one organization, one SCO and its mastery score (docs/scorm.md).
//
//   node scripts/scorm.mjs SITE OUT                      the two default assignments
//   node scripts/scorm.mjs SITE OUT --assign LINK [--name NAME] [--title TITLE]
//
// LINK is any link's query the page accepts (`practice=7&practice_kinds=place,size`), plus
// `mastery=` (0 to 100), which goes to the manifest and the launch page, not to the page.
import { readFileSync, readdirSync, statSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { zipSync } from 'fflate';

/** The packages `make site` writes. */
export const DEFAULT_ASSIGNMENTS = [
  { name: 'practice', title: 'Bloom filter lab: practice set', assign: 'practice=1&mastery=80' },
  { name: 'lesson-1', title: 'Bloom filter lab: lesson 1, ending in its practice', assign: 'lesson=basics' },
];

const LAUNCH_DIR = new URL('../scorm/', import.meta.url);
// Zip entries carry this time, so the same site and assignment give the same bytes.
const FIXED_TIME = new Date('2024-01-01T00:00:00Z');

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  .replace(/"/g, '&quot;');

/** Every file under `dir`, as paths with `/`, leaving out the folder `skip` at its top. */
function siteFiles(dir, skip) {
  const files = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const rel = relative(dir, path).split(sep).join('/');
      if (rel === skip) continue;
      if (statSync(path).isDirectory()) walk(path);
      else files.push(rel);
    }
  };
  walk(dir);
  return files;
}

/** The assignment's link without `mastery`, and the mastery (null when not given). */
export function readAssignment(link) {
  const params = new URLSearchParams(link.replace(/^[^?]*\?/, ''));
  let mastery = null;
  if (params.has('mastery')) {
    const text = params.get('mastery');
    mastery = Number(text);
    if (!/^\d+$/.test(text) || mastery > 100) {
      throw new Error(`mastery=${text}: the mastery score is a whole number from 0 to 100`);
    }
    params.delete('mastery');
  }
  for (const key of ['embed', 'practice_done']) {
    if (params.has(key)) throw new Error(`${key}=: the launch page sets it; leave it out of the assignment`);
  }
  if (!params.has('practice') && !params.has('quiz') && !params.has('lesson')) {
    throw new Error(`"${link}" starts no practice set: an assignment needs practice=, quiz= or lesson=`);
  }
  return { link: params.toString(), mastery };
}

/**
 * The lesson `id` of the site in `site`: the step (from 1) of its first `do: practice=`, the
 * one that asks the set a package grades. Throws when there is no such lesson or step.
 */
export function practiceStep(site, id) {
  const dir = join(site, 'lessons');
  const files = readFileSync(join(dir, 'index.txt'), 'utf8').split('\n').map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const file of files) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n').map((l) => l.trim());
    if (!lines.includes(`id: ${id}`)) continue;
    let step = 0;
    for (const line of lines) {
      if (line === 'step') step += 1;
      else if (/^do:.*\bpractice=/.test(line)) return step;
    }
    throw new Error(`lesson=${id} has no practice step (do: practice=): it gives no score to record`);
  }
  throw new Error(`lesson=${id}: no lesson of the site has this id`);
}

/** The manifest of a package holding `files` (launch.html among them). */
export function manifest({ name, title, mastery, files }) {
  const masteryScore = mastery === null ? '' : `\n        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>`;
  const fileList = files.map((f) => `      <file href="${escapeXml(f)}"/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="bloomlab-${escapeXml(name)}" version="1"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="bloomlab-organization">
    <organization identifier="bloomlab-organization">
      <title>${escapeXml(title)}</title>
      <item identifier="bloomlab-item" identifierref="bloomlab-sco" isvisible="true">
        <title>${escapeXml(title)}</title>${masteryScore}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="bloomlab-sco" type="webcontent" adlcp:scormtype="sco" href="launch.html">
${fileList}
    </resource>
  </resources>
</manifest>
`;
}

/** Writes OUT/NAME.zip for one assignment from the site in `site`; returns its path. */
export function writePackage({ site, out, name, title, assign }) {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) {
    throw new Error(`"${name}": a package's name is letters, digits, - and _`);
  }
  const { link, mastery } = readAssignment(assign);
  const lesson = new URLSearchParams(link).get('lesson');
  const step = lesson === null ? '' : String(practiceStep(site, lesson));
  const entries = {};
  for (const file of siteFiles(site, 'scorm')) {
    if (file === 'launch.html' || file === 'launch.js' || file === 'imsmanifest.xml') continue;
    entries[file] = readFileSync(join(site, file));
  }
  const html = readFileSync(new URL('launch.html', LAUNCH_DIR), 'utf8')
    .replaceAll('{{title}}', escapeXml(title))
    .replace('{{assignment}}', escapeXml(link))
    .replace('{{mastery}}', mastery === null ? '' : String(mastery))
    .replace('{{practice_step}}', step);
  entries['launch.html'] = new TextEncoder().encode(html);
  entries['launch.js'] = readFileSync(new URL('launch.js', LAUNCH_DIR));
  const files = ['launch.html', 'launch.js', ...Object.keys(entries).filter((f) => !f.startsWith('launch.'))];
  entries['imsmanifest.xml'] = new TextEncoder().encode(manifest({ name, title, mastery, files }));
  const zip = {};
  for (const [file, bytes] of Object.entries(entries)) zip[file] = [new Uint8Array(bytes), { mtime: FIXED_TIME }];
  mkdirSync(out, { recursive: true });
  const path = join(out, `${name}.zip`);
  writeFileSync(path, zipSync(zip, { level: 9 }));
  return path;
}

function main(args) {
  const [site, out, ...rest] = args;
  if (!site || !out) throw new Error('usage: node scripts/scorm.mjs SITE OUT [--assign LINK] [--name NAME]');
  const option = (flag) => {
    const at = rest.indexOf(flag);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  const assign = option('--assign');
  const name = option('--name') || 'assignment';
  const title = option('--title') || `Bloom filter lab: ${name}`;
  const jobs = assign === undefined ? DEFAULT_ASSIGNMENTS : [{ name, title, assign }];
  for (const job of jobs) console.log(`scorm: wrote ${writePackage({ site, out, ...job })}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`scorm: ${error.message}`);
    process.exit(1);
  }
}
