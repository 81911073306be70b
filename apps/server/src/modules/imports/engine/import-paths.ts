import fs from 'node:fs/promises';
import path from 'node:path';

/** A refusal or lookup problem with a message fit for the Processing Status. */
export class ImportPathError extends Error {}

/** True when `target` is `root` or inside it (both already resolved). */
function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * A path as administrators see it in messages: relative to IMPORT_ROOT when inside it (the
 * server's own folders are nobody's business), otherwise as they typed it.
 */
export function shownImportPath(root: string, typed: string): string {
  const resolved = path.resolve(root, typed);
  return isInside(root, resolved) ? path.relative(root, resolved) || '.' : typed;
}

/** Replaces every mention of the server's IMPORT_ROOT folder in a message by paths relative to it. */
export function withoutImportRoot(message: string, importRoot: string): string {
  const root = path.resolve(importRoot);
  return message.split(`${root}${path.sep}`).join('').split(root).join('IMPORT_ROOT');
}

/** Glob of one file name: * (any run), ? (one character), [abc] / [a-z] / [!abc]; case-sensitive. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[' && glob.indexOf(']', i + 2) > 0) {
      const end = glob.indexOf(']', i + 2);
      let body = glob.slice(i + 1, end);
      const negate = body.startsWith('!');
      if (negate) body = body.slice(1);
      re += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = end;
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  try {
    return new RegExp(`^${re}$`);
  } catch {
    // e.g. [z-a]: a range out of order; the Processing Status should say so in plain words.
    throw new ImportPathError(`File Name pattern "${glob}" is not valid: check its [ ] ranges`);
  }
}

/**
 * Where a source's files would be, checked by the path's text alone (when a source is saved: the
 * folder may not exist yet). A message when file_path + file_name leave IMPORT_ROOT, else null.
 * The run checks again against the real folder, links included (resolveImportFiles).
 */
export function importPathOutsideRoot(importRoot: string, filePath: string | null, fileName: string | null): string | null {
  if (!filePath && !fileName) return null;
  const root = path.resolve(importRoot);
  const shown = path.join(filePath ?? '', fileName ?? '');
  const wanted = path.resolve(root, filePath ?? '', fileName ?? '');
  return isInside(root, wanted) ? null : `File Path "${shown}" is outside the import folder (IMPORT_ROOT): use a folder inside it`;
}

/**
 * The files one source reads: file_path (relative to IMPORT_ROOT, or absolute but inside it) +
 * file_name (a name or a glob in the last segment), in name order. Anything that resolves outside
 * IMPORT_ROOT, through '..', an absolute path or a symbolic link, is refused.
 */
export async function resolveImportFiles(importRoot: string, filePath: string | null, fileName: string | null): Promise<string[]> {
  const name = (fileName ?? '').trim();
  if (!name) throw new ImportPathError('File Name is empty: enter a file name or a pattern such as *.dat');
  let root: string;
  try {
    root = await fs.realpath(importRoot);
  } catch {
    throw new ImportPathError('The import folder (IMPORT_ROOT) does not exist on the server');
  }
  const wanted = path.resolve(root, filePath ?? '', name);
  const shown = shownImportPath(root, path.join(filePath ?? '', name));
  const dir = path.dirname(wanted);
  if (!isInside(root, wanted)) throw new ImportPathError(`Refused: "${shown}" is outside the import folder (IMPORT_ROOT)`);
  let realDir: string;
  try {
    realDir = await fs.realpath(dir);
  } catch {
    throw new ImportPathError(`Folder "${path.relative(root, dir) || '.'}" does not exist in the import folder`);
  }
  if (!isInside(root, realDir))
    throw new ImportPathError(`Refused: folder "${path.relative(root, dir)}" links outside the import folder (IMPORT_ROOT)`);
  const pattern = globToRegExp(path.basename(wanted));
  const entries = await fs.readdir(realDir, { withFileTypes: true });
  const names = entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && pattern.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 0) throw new ImportPathError(`No file matches "${shown}" in the import folder`);
  const files: string[] = [];
  for (const n of names) {
    const full = path.join(realDir, n);
    const real = await fs.realpath(full).catch(() => null);
    if (real === null) throw new ImportPathError(`"${n}" is a broken link`);
    if (!isInside(root, real)) throw new ImportPathError(`Refused: "${n}" links outside the import folder (IMPORT_ROOT)`);
    if ((await fs.stat(real)).isFile()) files.push(real);
  }
  return files;
}
