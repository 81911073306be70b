import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { shakeableComponents } from './vite-plugins/shakeable-components';

// The API server (apps/server) listens on :3000; in development every server-owned path is
// proxied so the SPA and the API share one origin, exactly as in production.
const API_ORIGIN = 'http://localhost:3000';
const proxied = ['/api', '/oidc', '/healthz', '/demo-cameras'];

/**
 * MUI's shared core (styling, transitions, modal, button base, paper, icons' SvgIcon, the buttons)
 * and the libraries under it: every page's first load brings all of it, and as some twenty small
 * chunks it cost a request each and compressed worse. The components some pages only use
 * (autocomplete, slider, tables, pickers) keep their own chunks, and so do the menus and the
 * roving focus of menu lists, which a visitor's map loads only when a menu is first opened.
 */
const MUI_CORE =
  /node_modules[\\/](@mui[\\/](system|utils(?![\\/]useRovingTabIndex)|styled-engine)|@mui[\\/]material[\\/](styles|utils|internal|transitions|ButtonBase|Modal|Portal|Paper|Fade|List|SvgIcon|Typography|Box|useSlot|Unstable_TrapFocus|Backdrop|DefaultPropsProvider|zero-styled|colors|className|useLazyRipple|GlobalStyles|Button|IconButton|CircularProgress)[\\/]|@emotion|react-transition-group|stylis|hoist-non-react-statics|react-is|clsx|prop-types|@babel[\\/]runtime)/;

export default defineConfig({
  plugins: [react(), shakeableComponents(/node_modules[\\/]react-router[\\/]dist[\\/]/)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads which chunks a route's page needs, to ask for them with the HTML.
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Firefox before 115, Safari before 17) load the
    // same modules when they are imported, only later: the polyfill that fetched them early would
    // cost every visitor its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'mui-core', test: MUI_CORE }] } } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
});
