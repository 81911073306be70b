/**
 * The web app is written against React's API and runs on Preact's React-compatible runtime
 * (`preact/compat`): about 9 KB compressed with its hooks, where react-dom is about 52 KB. Every
 * import of React, react-dom and the JSX runtime, ours and the libraries' (MUI, React Router,
 * TanStack Query), resolves to Preact in the browser build, the development server and the web's
 * unit tests alike, so what is tested is what runs.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
