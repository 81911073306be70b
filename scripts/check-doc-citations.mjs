// `npm run lint` runs this after ESLint: documentation and manifests (Markdown, JSON, HTML, CSS)
// must not cite documents the repository lacks either. ESLint covers the code and its comments.
import { findAbsentCitationsInDocs } from '../eslint-rules/absent-documents.js';

const problems = findAbsentCitationsInDocs(process.cwd());
for (const p of problems) {
  const advice = p.missing
    ? 'point at the document that holds the rule, or state the rule itself'
    : 'a document this repository does not contain; state the rule itself';
  console.error(`${p.file}:${p.line}: '${p.found}' cites ${p.what}: ${advice}.`);
}
if (problems.length > 0) {
  console.error(`\n${problems.length} citation(s) of absent documents. Project conventions live in docs/architecture.md.`);
  process.exit(1);
}
