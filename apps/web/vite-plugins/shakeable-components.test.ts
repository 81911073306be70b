import { describe, expect, it } from 'vitest';
import { rolldown, type Plugin as RolldownPlugin } from 'rolldown';
import type { Plugin as VitePlugin } from 'vite';
import { shakeableComponents } from './shakeable-components';

// A library file shaped like react-router's build: each component a top-level forwardRef call,
// then named for React's developer tools.
const library = [
  'import * as React from "react";',
  'export var Link = React.forwardRef(function LinkWithRef(props, ref) { return "used-link"; });',
  'Link.displayName = "Link";',
  'export var NavLink = React.forwardRef(function NavLinkWithRef(props, ref) { return "unused-navlink"; });',
  'NavLink.displayName = "NavLink";',
  'export function ScrollRestoration() { return "unused-scroll"; }',
  'ScrollRestoration.displayName = "ScrollRestoration";',
].join('\n');

// The plugin's transform as Rolldown runs it (Vite's own options, such as `apply`, left out).
const asRolldownPlugin = (plugin: VitePlugin) => ({ name: plugin.name, transform: plugin.transform }) as RolldownPlugin;

async function bundle(plugins: RolldownPlugin[]): Promise<string> {
  const files: Record<string, string> = {
    '/entry.js': 'import { Link } from "/node_modules/lib/index.js"; console.log(Link);',
    '/node_modules/lib/index.js': library,
  };
  const build = await rolldown({
    input: '/entry.js',
    external: ['react'],
    plugins: [{ name: 'memory', resolveId: (id) => (id in files ? id : null), load: (id) => files[id] ?? null }, ...plugins],
  });
  const { output } = await build.generate({ format: 'es' });
  return output[0].code;
}

describe('shakeableComponents', () => {
  it('lets the bundler drop the components the app does not use, and keeps the one it does', async () => {
    const plugin = shakeableComponents(/node_modules[\\/]lib[\\/]/);
    const code = await bundle([asRolldownPlugin(plugin)]);
    expect(code).toContain('used-link');
    expect(code).not.toContain('unused-navlink');
    expect(code).not.toContain('unused-scroll');
  });

  it('is needed: without it the unused components stay', async () => {
    const code = await bundle([]);
    expect(code).toContain('unused-navlink');
    expect(code).toContain('unused-scroll');
  });

  it('leaves the files it is not given alone', async () => {
    const plugin = shakeableComponents(/node_modules[\\/]other[\\/]/);
    const code = await bundle([asRolldownPlugin(plugin)]);
    expect(code).toContain('unused-navlink');
  });
});
