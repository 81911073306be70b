// `npm run lint` runs this after ESLint: documentation and manifests (Markdown, JSON, HTML, CSS)
// must not cite documents the repository lacks either. ESLint covers the code and its comments.
import { findAbsentCitationsInDocs } from '../eslint-rules/absent-documents.js';

const problems = findAbsentCitationsInDocs(process.cwd());
for (const p of problems) {
  console.error(`${p.file}:${p.line}: '${p.found}' cites ${p.what}, a document this repository does not contain; state the rule itself.`);
}
if (problems.length > 0) {
  console.error(`\n${problems.length} citation(s) of absent documents. Project conventions live in docs/architecture.md.`);
  process.exit(1);
}
