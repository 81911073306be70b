import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) listens on :3000; in development every server-owned path is
// proxied so the SPA and the API share one origin, exactly as in production.
const API_ORIGIN = 'http://localhost:3000';
const proxied = ['/api', '/oidc', '/healthz', '/demo-cameras'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads which chunks a route's page needs, to ask for them with the HTML.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
});
