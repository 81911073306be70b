import path from 'node:path';

/**
 * Server boundaries: apps/server/src is made of
 * - feature modules (modules/<name>/): a module imports another module only through that module's
 *   public entry (modules/<name>/index.ts), never its other files;
 * - shared tiers (every other folder, such as db/, access/, http/, tokens/, audit/, accounts/,
 *   outbox/, identity-provider/): they import shared tiers only, never a feature module;
 * - composition roots (app.ts, main.ts, worker-main.ts, jobs/, seed/): they wire everything
 *   together and may import any file.
 * Relative import paths are resolved against the importing file, so longer ways round are seen.
 * Test files are held to the same boundaries as the code beside them, except that a shared tier's
 * tests may use a module's public entry to make their rows (as a composition root would).
 */
const SERVER_SRC = path.join('apps', 'server', 'src');
const ROOT_FILES = new Set(['app.ts', 'main.ts', 'worker-main.ts']);
const ROOT_FOLDERS = new Set(['jobs', 'seed']);

/** Where a file sits: { kind: 'module', name } | { kind: 'tier', name } | { kind: 'root' } | null outside src. */
export function serverAreaOf(file, root) {
  const rel = path.relative(path.join(root, SERVER_SRC), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length === 1)
    return ROOT_FILES.has(parts[0]) || /\.test\.ts$/.test(parts[0])
      ? { kind: 'root' }
      : { kind: 'tier', name: parts[0].replace(/\.ts$/, '') };
  if (ROOT_FOLDERS.has(parts[0])) return { kind: 'root' };
  // `modules/<name>` alone names the module's folder, which resolves to its index file.
  if (parts[0] === 'modules' && parts.length === 2) return { kind: 'module', name: parts[1] };
  if (parts[0] === 'modules') return { kind: 'module', name: parts[1], rest: parts.slice(2).join('/') };
  return { kind: 'tier', name: parts[0] };
}

/** A module's public entry: its folder or its index file. */
function isPublicEntry(target) {
  return target.rest === undefined || /^index(\.ts|\.js)?$/.test(target.rest);
}

export const serverModuleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import each other only through public entries; shared tiers import no module.' },
    messages: {
      moduleInternals:
        "Module '{{from}}' must not import '{{path}}' (inside module '{{to}}'): import from modules/{{to}}/index.ts, or move the shared part to a shared tier.",
      tierToModule:
        "Shared tier '{{from}}' must not import from module '{{to}}': a shared tier knows no feature module; move the piece to a tier both use.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const from = serverAreaOf(file, root);
    if (!from || from.kind === 'root') return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source.value);
      const to = serverAreaOf(resolved, root);
      if (!to || to.kind !== 'module') return;
      if (from.kind === 'module' && from.name === to.name) return;
      if (from.kind === 'module') {
        if (isPublicEntry(to)) return;
        context.report({ node: source, messageId: 'moduleInternals', data: { from: from.name, to: to.name, path: source.value } });
        return;
      }
      if (/\.test\.ts$/.test(file) && isPublicEntry(to)) return;
      context.report({ node: source, messageId: 'tierToModule', data: { from: from.name, to: to.name } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { 'server-module-boundaries': serverModuleBoundaries } };
