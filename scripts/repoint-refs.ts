/**
 * Repoints the code's references to documents outside the repository at the project's own
 * documents (a one-off rewrite, run by hand; no dependencies):
 * - the product rules' sections, "<spec> §N", become `docs/product.md §N` (same numbering);
 * - the old choices list, "<decisions>.md N" or "<decisions> §N", becomes `docs/choices.md N`
 *   (same numbering; the new file has another name, so that a grep for the old one finds nothing);
 * - references to the work tracker's entries become what `docs/.issue-refs.tsv` says (a
 *   `docs/choices.md N`, or nothing where the comment already says it).
 *
 * Usage: node scripts/repoint-refs.ts [root] [--dry]
 * Rewrites in place every .ts, .tsx, .astro, .css and .mjs file under api, core, db, cli, site,
 * tests, bench and scripts of `root` (default: this repository), prints what it changed, then the
 * lines that still match the old references. `--dry` counts without writing.
 * (The old names are spelled in pieces below, so this file never matches its own grep.)
 */
import fs from 'node:fs';
import path from 'node:path';

const DIRS = ['api', 'core', 'db', 'cli', 'site', 'tests', 'bench', 'scripts'];
const EXTS = new Set(['.ts', '.tsx', '.astro', '.css', '.mjs']);
const SKIP_DIRS = new Set(['node_modules', 'dist', '.astro', '.scratch', 'data']);
const SELF = path.resolve(import.meta.dirname, 'repoint-refs.ts');

const SECTION = '\u00a7';
const SPEC = 'spec';
const OLD_CHOICES = 'decisions';
const TRACKER = 'issue';
const PRODUCT_DOC = 'docs/product.md';
const CHOICES_DOC = 'docs/choices.md';

const args = process.argv.slice(2);
const dry = args.includes('--dry');
const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(import.meta.dirname, '..'));
const tsvPath = path.join(import.meta.dirname, '..', 'docs', '.issue-refs.tsv');

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tracker references and their replacements, longest first (a longer one wins over its prefix). */
function readMapping(file: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const tab = line.indexOf('\t');
    if (tab < 0) throw new Error(`${file}: no tab in "${line}"`);
    map.set(line.slice(0, tab).toLowerCase(), line.slice(tab + 1));
  }
  return new Map([...map].sort((a, b) => b[0].length - a[0].length));
}

/** The keys as one alternation: a key ending in a digit must not be followed by one ('#2' is not '#26'). */
const alternation = (keys: Iterable<string>) => [...keys].map((k) => escapeRe(k) + (/\d$/.test(k) ? '(?!\\d)' : '')).join('|');

const mapping = readMapping(tsvPath);
const trackerRe = new RegExp(`(?<![A-Za-z])(?:${alternation(mapping.keys())})`, 'gi');
/**
 * A reference whose replacement is empty is first marked (so a longer key still wins at the same
 * place), then dropped with the punctuation around it.
 */
const DROP = '\u0000drop\u0000';
const DROP_PATTERNS: [RegExp, string][] = [
  [new RegExp(` ?\\(${DROP}\\)`, 'g'), ''], // "text (ref)" -> "text"
  [new RegExp(`\\(${DROP}(?:, |: )`, 'g'), '('], // "(ref, more)" / "(ref: more)" -> "(more)"
  [new RegExp(`(?:, | and )${DROP}`, 'g'), ''], // "(more, ref)" -> "(more)"
  [new RegExp(`${DROP}: `, 'g'), ''], // "ref: text" -> "text"
  [new RegExp(` ?${DROP}`, 'g'), ''],
];

const specRe = new RegExp(`\\b${SPEC} ?${SECTION}`, 'gi');
const choicesNumberedRe = new RegExp(`(?<![\\w/])${OLD_CHOICES}(?:\\.md)?(?: ${SECTION} ?| )(?=\\d)`, 'gi');
const choicesAlreadyRe = new RegExp(`docs/${OLD_CHOICES}\\.md`, 'gi');
const choicesBareRe = new RegExp(`(?<![\\w/])${OLD_CHOICES}\\.md\\b`, 'gi');

const counts = { files: 0, changedFiles: 0, spec: 0, choices: 0, tracker: 0, dropped: 0 };
const perKey = new Map<string, number>();

function rewrite(text: string): string {
  let out = text.replace(trackerRe, (m) => {
    const key = m.toLowerCase();
    counts.tracker += 1;
    perKey.set(key, (perKey.get(key) ?? 0) + 1);
    const replacement = mapping.get(key) ?? m;
    if (replacement === '') counts.dropped += 1;
    return replacement === '' ? DROP : replacement;
  });
  for (const [re, by] of DROP_PATTERNS) out = out.replace(re, by);
  out = out.replace(specRe, () => {
    counts.spec += 1;
    return `${PRODUCT_DOC} ${SECTION}`;
  });
  const toChoices = (replacement: string) => () => {
    counts.choices += 1;
    return replacement;
  };
  out = out.replace(choicesAlreadyRe, toChoices(CHOICES_DOC));
  out = out.replace(choicesNumberedRe, toChoices(`${CHOICES_DOC} `));
  out = out.replace(choicesBareRe, toChoices(CHOICES_DOC));
  return out;
}

function* walk(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* walk(full);
    } else if (EXTS.has(path.extname(entry.name)) && path.resolve(full) !== SELF) {
      yield full;
    }
  }
}

const files = DIRS.flatMap((d) => [...walk(path.join(root, d))]);
for (const file of files) {
  counts.files += 1;
  const before = fs.readFileSync(file, 'utf8');
  const after = rewrite(before);
  if (after === before) continue;
  counts.changedFiles += 1;
  if (!dry) fs.writeFileSync(file, after);
}

console.log(`${dry ? 'would rewrite' : 'rewrote'} ${counts.changedFiles} of ${counts.files} files under ${root}`);
console.log(`  ${SPEC} ${SECTION}N -> ${PRODUCT_DOC} ${SECTION}N: ${counts.spec}`);
console.log(`  ${OLD_CHOICES}.md N -> ${CHOICES_DOC} N: ${counts.choices}`);
console.log(`  ${TRACKER} references -> ${path.relative(root, tsvPath) || tsvPath}: ${counts.tracker} (dropped with their punctuation: ${counts.dropped})`);
for (const [key, n] of [...perKey].sort((a, b) => b[1] - a[1])) console.log(`    ${String(n).padStart(3)}  ${key} -> ${mapping.get(key) || '(dropped)'}`);
const unused = [...mapping.keys()].filter((k) => !perKey.has(k));
if (unused.length) console.log(`  mapping lines not found: ${unused.join(' | ')}`);

// What is left: the issue's own grep (case-sensitive), and any tracker number in any case.
const leftRe = new RegExp(`${SPEC} ${SECTION}|${OLD_CHOICES}.md|${TRACKER} #|\\b${TRACKER}s? #?\\d`, 'i');
const left: string[] = [];
for (const file of files) {
  const text = dry ? rewrite(fs.readFileSync(file, 'utf8')) : fs.readFileSync(file, 'utf8');
  text.split('\n').forEach((line, i) => {
    if (leftRe.test(line)) left.push(`${path.relative(root, file)}:${i + 1}: ${line.trim().slice(0, 140)}`);
  });
}
console.log(`left: ${left.length} line(s)`);
for (const l of left) console.log(`  ${l}`);
process.exitCode = left.length ? 1 : 0;
