import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { findAbsentCitation, findAbsentCitationsInDocs } from './absent-documents.js';
import { noAbsentDocumentCitations } from './no-absent-document-citations.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2022, sourceType: 'module', parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});
const citation = [{ messageId: 'citation' }];
const missing = [{ messageId: 'missingDocument' }];

tester.run('no-absent-document-citations', noAbsentDocumentCitations, {
  valid: [
    { code: '// Water years run April to March and are named by the year they start in.\nconst a = 1;' },
    { code: '/** Decision 0013: features never import each other (docs/architecture.md). */ const a = 1;' },
    { code: "it('refuses every user rule with its message', () => {});" },
    { code: "import { a } from '../shared/a'; export { b } from '../shared/b';" },
    { code: "const label = 'Part 1 items of issue 13';" },
    { code: 'const el = <p>Privacy and Terms of Service</p>;' },
    { code: '// Who reads what: decision 0012 (docs/decisions/0012-access-policy.md).\nconst a = 1;' },
  ],
  invalid: [
    { code: '/** Part 2 §9: imports table page size 10. */ const a = 1;', errors: citation },
    { code: '// §4: changing the facility clears locations.\nconst a = 1;', errors: citation },
    { code: '// Convention 9 / decision 0013: features never import each other.\nconst a = 1;', errors: citation },
    { code: '/* The one home of calendar days (ARCHITECTURE.md). */ const a = 1;', errors: citation },
    { code: '// Part 1 "Facility map": Satellite first.\nconst a = 1;', errors: citation },
    { code: '// Any unknown path (part 2 route table).\nconst a = 1;', errors: citation },
    { code: '// Messages copied from ../shared/spec/part2-data-and-admin.md\nconst a = 1;', errors: citation },
    { code: "it('creates a source with the part 2 §9 defaults', () => {});", errors: citation },
    { code: 'const t = `follows §6 for ${role}`;', errors: citation },
    { code: 'const el = <div>{/* Part 2 §2: Changelog with a version badge. */}</div>;', errors: citation },
    { code: '// Part 2 §5 and §8, twice in one comment, reported once.\nconst a = 1;', errors: citation },
    { code: '/** The graph calls (docs/decisions/0003-timeseries-graph.md). */ const a = 1;', errors: missing },
    { code: '// Staff filters follow decision 0999.\nconst a = 1;', errors: missing },
  ],
});

describe('findAbsentCitation', () => {
  it('names what a line cites, or null', () => {
    expect(findAbsentCitation('Volume conversions (part 1 §9 rules)')).toMatchObject({ found: '§' });
    expect(findAbsentCitation('ARCHITECTURE convention 8')).toMatchObject({ found: 'convention 8' });
    expect(findAbsentCitation('One home per concept: the calendar module in contracts.')).toBeNull();
    expect(findAbsentCitation('docs/architecture.md lists the homes.')).toBeNull();
  });
});

describe('findAbsentCitationsInDocs', () => {
  it('reports documentation and manifest lines with their file and line, skipping node_modules and fixtures', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'citations-'));
    try {
      fs.mkdirSync(path.join(root, 'docs/decisions'), { recursive: true });
      fs.mkdirSync(path.join(root, 'node_modules/x'), { recursive: true });
      fs.mkdirSync(path.join(root, 'test/fixtures'), { recursive: true });
      fs.writeFileSync(path.join(root, 'docs/decisions/0001-x.md'), '# Choice\n\nDefaults follow §9.\n');
      fs.writeFileSync(path.join(root, 'docs/ok.md'), '# Fine\n\nWater years run April to March (decision 0001).\n');
      fs.writeFileSync(path.join(root, 'README.md'), 'See docs/ok.md and docs/gone.md.\n\nDecision 0002 is gone too.\n');
      fs.writeFileSync(path.join(root, 'package.json'), '{\n  "description": "Portal (see ARCHITECTURE.md)"\n}\n');
      fs.writeFileSync(path.join(root, 'node_modules/x/README.md'), 'Part 2 §5\n');
      fs.writeFileSync(path.join(root, 'test/fixtures/sample.json'), '{"note": "§ 12"}\n');
      const problems = findAbsentCitationsInDocs(root).map((p) => `${p.file}:${p.line}`);
      expect(problems.sort()).toEqual(
        [path.join('docs', 'decisions', '0001-x.md') + ':3', 'README.md:1', 'README.md:3', 'package.json:2'].sort(),
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
