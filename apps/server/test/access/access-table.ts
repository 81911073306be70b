import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE_NAMES, type RoleName } from '@portal/contracts';
import type { RouteAccess } from '../../src/tokens/guard';

/*
 * The access table of decision 0012 is the access tests' only source of expectations: it is
 * parsed here, and each data route is called as every caller of the table for a public, a private
 * and an excluded location, and for an authorised and another facility. Where the route's
 * declared guard (config.access) answers first, 401/403 is expected instead.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const DECISION = path.resolve(here, '../../../../docs/decisions/0012-access-policy.md');

export type Column = 'public' | 'private' | 'excluded' | 'authorisedFacility' | 'otherFacility';
type Cell = 'read' | 'none' | 'read-if-authorised';
export interface Identity {
  label: string;
  /** null: no token at all. */
  roles: RoleName[] | null;
  cells: Record<Column, Cell>;
}

export const COLUMNS: Record<string, Column> = {
  'public location': 'public',
  'private location': 'private',
  'location excluded from the map': 'excluded',
  'facility the user is authorised for': 'authorisedFacility',
  'other facility': 'otherFacility',
};
const CELLS: Record<string, Cell> = { read: 'read', '—': 'none', 'read if in an authorised facility': 'read-if-authorised' };

function identityRoles(label: string): RoleName[] | null {
  if (label === 'Anonymous') return null;
  if (label === 'Signed in, no role') return [];
  if ((ROLE_NAMES as readonly string[]).includes(label)) return [label as RoleName];
  throw new Error(`Unknown caller in the access table: "${label}"`);
}

/** Parses the markdown table of decision 0012; anything it does not understand fails the test. */
function parseAccessTable(markdown: string): Identity[] {
  const lines = markdown.split('\n').map((l) => l.trim());
  const start = lines.findIndex((l) => /^\|\s*Caller\s*\|/.test(l));
  if (start < 0) throw new Error('No access table (a row whose first cell is "Caller") in decision 0012');
  const split = (l: string) =>
    l
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const header = split(lines[start])
    .slice(1)
    .map((h) => {
      const column = COLUMNS[h.toLowerCase()];
      if (!column) throw new Error(`Unknown column in the access table: "${h}"`);
      return column;
    });
  const identities: Identity[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [label, ...cells] = split(line);
    if (cells.length !== header.length) throw new Error(`Row "${label}" has ${cells.length} cells, expected ${header.length}`);
    const parsed = {} as Record<Column, Cell>;
    cells.forEach((c, i) => {
      const cell = CELLS[c];
      if (!cell) throw new Error(`Unknown cell "${c}" in row "${label}"`);
      parsed[header[i]] = cell;
    });
    identities.push({ label, roles: identityRoles(label), cells: parsed });
  }
  return identities;
}

export const TABLE = parseAccessTable(fs.readFileSync(DECISION, 'utf8'));

/** A location or facility of the fixture, and the column of the table it falls under. */
export interface Target {
  name: string;
  ndx: number;
  column: Column;
  inAuthorisedFacility: boolean;
}

export function mayRead(identity: Identity, target: Target): boolean {
  const cell = identity.cells[target.column];
  if (cell === 'read-if-authorised' && target.column !== 'excluded')
    throw new Error(`"read if ..." only applies to excluded locations (${identity.label})`);
  return cell === 'read' || (cell === 'read-if-authorised' && target.inAuthorisedFacility);
}

/** The guard's answer before any handler (decision 0002), from the route's declared access. */
export function guardStatus(access: RouteAccess, roles: RoleName[] | null): number | undefined {
  if (access === 'public') return undefined;
  if (roles === null) return 401;
  if (access === 'authenticated') return undefined;
  return roles.some((r) => access.includes(r)) ? undefined : 403;
}
