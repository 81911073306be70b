import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * No file may reach itself again through its relative imports, type-only imports included: two
 * modules that import each other cannot be understood, tested or moved one at a time. Break a
 * cycle by moving the shared part (often the types) into a file of its own, or by letting the
 * wiring (app.ts, the job and pool set-up) hand one side to the other.
 *
 * The rule reads the import graph from disk once per lint run (package imports are not followed:
 * packages cannot import back into an app) and finds its strongly connected components; an import
 * is reported when it points into the component of the file that makes it.
 */

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];
const SOURCE = /\.(ts|tsx|js|mjs)$/;

/** Absolute path of the file a relative specifier names, or null (package, or no such file). */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (SOURCE.test(candidate) && fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** The import graph as read from disk, with its strongly connected components (Tarjan). */
export class ImportGraph {
  edges = new Map();
  component = new Map();
  #index = new Map();
  #low = new Map();
  #stack = [];
  #onStack = new Set();
  #counter = 0;

  importsOf(file) {
    let out = this.edges.get(file);
    if (!out) {
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      const found = ts.preProcessFile(text, true, true).importedFiles.map((f) => resolveImport(file, f.fileName));
      out = [...new Set(found.filter((f) => f !== null))];
      this.edges.set(file, out);
    }
    return out;
  }

  /** The files in the same cycle(s) as `file` (a set holding only `file` when it is in none). */
  componentOf(file) {
    if (!this.component.has(file)) this.#connect(file);
    return this.component.get(file);
  }

  /** Shortest import path from `from` back to `to` inside one component, as a list of files. */
  pathBack(from, to) {
    const members = this.componentOf(to);
    const previous = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
      const at = queue.shift();
      if (at === to) break;
      for (const next of this.importsOf(at)) {
        if (members.has(next) && !previous.has(next)) {
          previous.set(next, at);
          queue.push(next);
        }
      }
    }
    const trail = [];
    for (let at = to; at !== null && at !== undefined; at = previous.get(at)) trail.unshift(at);
    return trail;
  }

  // Iterative Tarjan, so a long import chain cannot overflow the stack.
  #connect(root) {
    const work = [{ file: root, next: 0 }];
    this.#visit(root);
    while (work.length) {
      const frame = work[work.length - 1];
      const targets = this.importsOf(frame.file);
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!this.#index.has(target)) {
          this.#visit(target);
          work.push({ file: target, next: 0 });
        } else if (this.#onStack.has(target)) {
          this.#low.set(frame.file, Math.min(this.#low.get(frame.file), this.#index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].file;
        this.#low.set(parent, Math.min(this.#low.get(parent), this.#low.get(frame.file)));
      }
      if (this.#low.get(frame.file) === this.#index.get(frame.file)) {
        const members = new Set();
        let member;
        do {
          member = this.#stack.pop();
          this.#onStack.delete(member);
          members.add(member);
        } while (member !== frame.file);
        for (const m of members) this.component.set(m, members);
      }
    }
  }

  #visit(file) {
    this.#index.set(file, this.#counter);
    this.#low.set(file, this.#counter);
    this.#counter += 1;
    this.#stack.push(file);
    this.#onStack.add(file);
  }
}

// One graph per lint run: every linted file shares it.
let shared = new ImportGraph();
/** Forgets the graph read so far (tests that rewrite files between runs). */
export function resetImportGraph() {
  shared = new ImportGraph();
}

export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Files never import each other, directly or through other files (type-only imports count).' },
    messages: {
      cycle: 'Import cycle: {{trail}}. Move the shared part into its own file, or let the wiring connect the two.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!SOURCE.test(file) || !path.isAbsolute(file)) return {};
    const root = context.cwd;

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveImport(file, source.value);
      if (!target || !shared.componentOf(file).has(target)) return;
      const trail = [file, ...shared.pathBack(target, file)].map((f) => path.relative(root, f)).join(' -> ');
      context.report({ node: source, messageId: 'cycle', data: { trail } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};

export default { rules: { 'no-import-cycles': noImportCycles } };
