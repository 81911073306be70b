import fs from 'node:fs';
import path from 'node:path';

/**
 * Citations of documents this repository does not contain: the product specification's numbered
 * sections and parts, the old architecture notes and their numbered conventions, and the folder
 * they lived in beside the project. A comment or document states the rule itself instead, and the
 * project's own conventions live in docs/architecture.md.
 */
const SECTION_SIGN = String.fromCharCode(0xa7);

const CITATIONS = [
  { pattern: new RegExp(SECTION_SIGN), what: 'a numbered section of the specification' },
  { pattern: /\bconventions?\s+\d+/i, what: 'a numbered convention of the old architecture notes' },
  { pattern: /\bARCHITECTURE\b/, what: 'the old architecture notes' },
  { pattern: /\bpart\s+[12]\s*(?:["'\u201c]|route table|of the spec)/i, what: 'a part of the specification' },
  { pattern: /\bspec(?:ification)?(?:'s)?\s+part\s+[12]\b/i, what: 'a part of the specification' },
  { pattern: /(?:\.\.\/)+shared\/|\/work\/shared\b/, what: 'the shared folder outside the repository' },
];

/** What the text cites that the repository lacks, or null when it cites nothing of the kind. */
export function findAbsentCitation(text) {
  for (const { pattern, what } of CITATIONS) {
    const match = pattern.exec(text);
    if (match) return { what, found: match[0], index: match.index };
  }
  return null;
}

const DOC_PATH = /\bdocs\/[\w./-]*\w\.md\b/g;
const DECISION_NUMBER = /\bdecisions?\s+(\d{4})\b/gi;
const existing = new Map();

function exists(root, check) {
  const key = `${root}\0${check}`;
  if (!existing.has(key)) {
    let found;
    if (check.startsWith('decision ')) {
      const dir = path.join(root, 'docs', 'decisions');
      const prefix = `${check.slice('decision '.length)}-`;
      found = fs.existsSync(dir) && fs.readdirSync(dir).some((name) => name.startsWith(prefix) && name.endsWith('.md'));
    } else {
      found = fs.existsSync(path.join(root, check));
    }
    existing.set(key, found);
  }
  return existing.get(key);
}

/**
 * A project document the text names (`docs/....md` or 'decision NNNN') that the repository under
 * `root` does not hold, or null. A renamed or never-written record leaves its pointers dangling.
 */
export function findMissingProjectDocument(text, root) {
  for (const match of text.matchAll(DOC_PATH)) {
    if (!exists(root, match[0]))
      return { what: 'a project document that does not exist', found: match[0], index: match.index, missing: true };
  }
  for (const match of text.matchAll(DECISION_NUMBER)) {
    if (!exists(root, `decision ${match[1]}`)) {
      return { what: 'a decision record that does not exist in docs/decisions/', found: match[0], index: match.index, missing: true };
    }
  }
  return null;
}

/** Text files that ESLint does not read: documentation, package manifests, pages and styles. */
const DOC_EXTENSIONS = new Set(['.md', '.json', '.html', '.css', '.sql', '.yml', '.yaml', '.txt']);
/** Generated or recorded files (and other people's), as in .prettierignore. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'screenshots', 'fixtures', '.git']);
const SKIPPED_FILES = new Set(['package-lock.json']);

function* docFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* docFiles(path.join(dir, entry.name));
    } else if (entry.isFile() && DOC_EXTENSIONS.has(path.extname(entry.name)) && !SKIPPED_FILES.has(entry.name)) {
      yield path.join(dir, entry.name);
    }
  }
}

/** Every line under `root` (documentation and manifests) that cites an absent document. */
export function findAbsentCitationsInDocs(root) {
  const problems = [];
  for (const file of docFiles(root)) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      const citation = findAbsentCitation(line) ?? findMissingProjectDocument(line, root);
      if (citation) problems.push({ file: path.relative(root, file), line: i + 1, ...citation });
    });
  }
  return problems;
}
