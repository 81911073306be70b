import fs from 'node:fs';
import path from 'node:path';

/**
 * Integration tests and their fixtures build rows with the typed factories, not raw SQL
 * `insert into`. A file may keep raw inserts only as far as the allowlist grants it, and the
 * allowlist can only shrink: a file over its allowance, a file with raw inserts and no allowance,
 * and an allowance above the file's real count (or for a file that no longer exists) all fail.
 */

export const FACTORIES_FILE = 'apps/server/test/factories.ts';

const RAW_INSERT = /\binsert\s+into\s+([a-z_][\w.]*)/gi;

/** Where raw inserts are counted: integration tests and everything under apps/server/test/. */
export function isCheckedFile(rel) {
  const file = rel.split(path.sep).join('/');
  if (!/\.(?:ts|js|mjs)$/.test(file)) return false;
  if (file.startsWith('apps/server/src/') && file.endsWith('.int.test.ts')) return true;
  return file.startsWith('apps/server/test/');
}

/** The tables a text inserts into with raw SQL, one entry per `insert into`. */
export function rawInsertTables(text) {
  return [...text.matchAll(RAW_INSERT)].map((m) => m[1].toLowerCase());
}

const FACTORY_FOR_TABLE = {
  facility_type: 'makeFacilityType',
  location_type: 'makeLocationType',
  waterbody: 'makeWaterbody',
  county: 'makeCounty',
  unit: 'makeUnit',
  parameter: 'makeParameter',
  parameter_group: 'makeParameterGroup',
  data_source: 'makeDataSource',
  location: 'makeLocation',
  facility: 'makeFacility',
  facility_location: 'makeFacility({ locations })',
  location_parameter: 'makeLocationParameter',
  location_trigger_elevation: 'makeTriggerElevation',
  app_user: 'makeUser',
  user_facility: 'makeUser({ facilities })',
  import_source: 'makeImportSource',
  import_run: 'makeImportRun',
  observation: 'makeSeries({ observations }) or makeObservations',
  alert_request: 'makeAlert',
  flow_calculation: 'makeFlowCalculation',
  basemap: 'makeBasemap',
};

/** The factory that builds rows of a table, as advice for the message. */
export function factoryFor(table) {
  const bare = table.includes('.') ? table.slice(table.lastIndexOf('.') + 1) : table;
  return FACTORY_FOR_TABLE[bare] ?? `a new factory for ${bare}`;
}

/**
 * The allowlist: one `path count` per line; `#` starts a comment that says why the file keeps
 * its raw inserts. Returns the allowances and any malformed lines.
 */
export function parseAllowlist(text) {
  const allowances = new Map();
  const problems = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const m = /^(\S+)\s+(\d+)$/.exec(line);
    if (!m) problems.push(`allowlist line ${i + 1}: expected '<path> <count>', found '${line}'`);
    else if (allowances.has(m[1])) problems.push(`allowlist line ${i + 1}: ${m[1]} is listed twice`);
    else allowances.set(m[1], Number(m[2]));
  });
  return { allowances, problems };
}

/**
 * Compares the raw inserts found (path -> tables inserted into) with the allowances and returns
 * one readable problem per file that breaks the rule.
 */
export function checkRawInserts(found, allowances) {
  const problems = [];
  for (const [file, tables] of [...found].sort(([a], [b]) => a.localeCompare(b))) {
    const allowed = allowances.get(file) ?? 0;
    if (tables.length > allowed) {
      const advice = [...new Set(tables)].map((t) => `${t} -> ${factoryFor(t)}`).join(', ');
      problems.push(
        `${file}: ${tables.length} raw 'insert into' (allowed ${allowed}); build the rows with the factories in ${FACTORIES_FILE} (${advice}).`,
      );
    }
  }
  for (const [file, allowed] of [...allowances].sort(([a], [b]) => a.localeCompare(b))) {
    const count = found.get(file)?.length ?? 0;
    if (allowed > count)
      problems.push(
        `${file}: the allowlist grants ${allowed} raw 'insert into' but the file has ${count}; lower its allowance to ${count}${count === 0 ? ' (remove the line)' : ''}.`,
      );
  }
  return problems;
}

function walk(root, dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(root, rel, out);
    else if (isCheckedFile(rel)) out.push(rel);
  }
  return out;
}

/** The raw inserts of every checked file under root (path -> tables), files without any left out. */
export function findRawInserts(root) {
  const found = new Map();
  for (const file of [...walk(root, 'apps/server/src', []), ...walk(root, 'apps/server/test', [])]) {
    const tables = rawInsertTables(fs.readFileSync(path.join(root, file), 'utf8'));
    if (tables.length) found.set(file, tables);
  }
  return found;
}
