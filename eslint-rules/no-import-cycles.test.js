import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportGraph, noImportCycles } from './no-import-cycles.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

// The rule reads the graph from disk: each case's files are written to a folder of their own.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
function tree(name, files) {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, name, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return (rel) => path.join(root, name, rel);
}

const chain = tree('chain', {
  'a.ts': "import { b } from './b';\nexport const a = b;\n",
  'b.ts': "import { c } from './lib/c';\nexport const b = c;\n",
  'lib/c.ts': "export const c = 1;\nexport * from 'node:path';\n",
});
const pair = tree('pair', {
  'a.ts': "import { b } from './b';\nexport const a = 1;\n",
  'b.ts': "import { a } from './a';\nexport const b = a;\n",
});
const typesOnly = tree('types-only', {
  'run.ts': "import { read } from './source';\nexport interface Deps { root: string }\nexport const run = read;\n",
  'source.ts': "import type { Deps } from './run';\nexport const read = (d: Deps) => d.root;\n",
});
const longWay = tree('long-way', {
  'pool/pool.ts': "import type { Tasks } from './tasks';\nexport const pool = {} as Tasks;\n",
  'pool/tasks.ts': "import { mask } from '../modules/photos/mask';\nexport type Tasks = { mask: typeof mask };\n",
  'modules/photos/mask.ts': "import { pool } from '../../pool/pool';\nexport const mask = () => pool;\n",
  'modules/photos/index.ts': "export * from './mask';\n",
  'other.ts': "export { mask } from './modules/photos';\n",
});
const lazy = tree('lazy', {
  'a.ts': "export const load = () => import('./b');\n",
  'b.ts': "import { load } from './a';\nexport const b = load;\n",
});

const code = (file) => fs.readFileSync(file, 'utf8');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

tester.run('no-import-cycles', noImportCycles, {
  valid: [
    { filename: chain('a.ts'), code: code(chain('a.ts')) },
    { filename: chain('lib/c.ts'), code: code(chain('lib/c.ts')) },
    { filename: longWay('other.ts'), code: code(longWay('other.ts')) },
  ],
  invalid: [
    {
      filename: pair('a.ts'),
      code: code(pair('a.ts')),
      errors: [
        {
          messageId: 'cycle',
          data: {
            trail: `${path.relative(process.cwd(), pair('a.ts'))} -> ${path.relative(process.cwd(), pair('b.ts'))} -> ${path.relative(process.cwd(), pair('a.ts'))}`,
          },
        },
      ],
    },
    { filename: typesOnly('source.ts'), code: code(typesOnly('source.ts')), errors: [{ messageId: 'cycle' }] },
    { filename: typesOnly('run.ts'), code: code(typesOnly('run.ts')), errors: [{ messageId: 'cycle' }] },
    { filename: longWay('modules/photos/mask.ts'), code: code(longWay('modules/photos/mask.ts')), errors: [{ messageId: 'cycle' }] },
    { filename: longWay('pool/pool.ts'), code: code(longWay('pool/pool.ts')), errors: [{ messageId: 'cycle' }] },
    { filename: lazy('a.ts'), code: code(lazy('a.ts')), errors: [{ messageId: 'cycle' }] },
  ],
});

describe('ImportGraph', () => {
  it('puts the files of a cycle in one component and the rest in their own', () => {
    const graph = new ImportGraph();
    expect([...graph.componentOf(longWay('pool/pool.ts'))].sort()).toEqual(
      [longWay('modules/photos/mask.ts'), longWay('pool/pool.ts'), longWay('pool/tasks.ts')].sort(),
    );
    expect([...graph.componentOf(longWay('other.ts'))]).toEqual([longWay('other.ts')]);
    expect(graph.pathBack(longWay('pool/tasks.ts'), longWay('pool/pool.ts'))).toEqual([
      longWay('pool/tasks.ts'),
      longWay('modules/photos/mask.ts'),
      longWay('pool/pool.ts'),
    ]);
  });
});
