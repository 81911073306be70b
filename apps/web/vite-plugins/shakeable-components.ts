import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * Lets the bundler drop the components a library defines but the app never renders.
 *
 * A library built into one file defines each component with a top-level call and then names it
 * for React's developer tools (`NavLink = forwardRef(...)`, `NavLink.displayName = "NavLink"`).
 * The bundler must keep a call it cannot prove pure and a property write, so every component of
 * the file reaches the visitor whether used or not. This marks those calls pure and removes the
 * naming statements (developer tools only) from the files given, nothing else.
 */
export function shakeableComponents(files: RegExp): Plugin {
  return {
    name: 'shakeable-components',
    apply: 'build',
    transform: {
      filter: { id: files },
      handler(code, id) {
        const out = new MagicString(code);
        let changed = false;
        for (const m of code.matchAll(/^[A-Za-z_$][\w$]*\.displayName = (["'])[^"'\n]*\1;?$/gm)) {
          out.remove(m.index, m.index + m[0].length);
          changed = true;
        }
        for (const m of code.matchAll(/^(?:export )?(?:var|const|let) [A-Za-z_$][\w$]* = (?=[A-Za-z_$][\w$]*\.(?:forwardRef|memo)\()/gm)) {
          out.appendLeft(m.index + m[0].length, '/* @__PURE__ */ ');
          changed = true;
        }
        return changed ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : null;
      },
    },
  };
}
