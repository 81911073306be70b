import { describe, expect, it } from 'vitest';
import changelog from '../../../../../../CHANGELOG.md?raw';
import { markdownBlocks } from './markdown-blocks';

describe('changelog markdown', () => {
  it('turns headings, paragraphs and bullet lists into blocks', () => {
    expect(markdownBlocks('# T\n\nsome\ntext\n## 1.0 - 2026-01-01\n- a\n- b\n### x\n* c')).toEqual([
      { kind: 'heading', level: 1, text: 'T' },
      { kind: 'paragraph', text: 'some text' },
      { kind: 'heading', level: 2, text: '1.0 - 2026-01-01' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'heading', level: 3, text: 'x' },
      { kind: 'list', items: ['c'] },
    ]);
  });

  it("reads the project's CHANGELOG.md with a release heading and its features", () => {
    const blocks = markdownBlocks(changelog);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'Changelog' });
    expect(blocks.some((b) => b.kind === 'heading' && b.level === 2 && /^\d+\.\d+\.\d+ - \d{4}-\d{2}-\d{2}$/.test(b.text))).toBe(true);
    expect(blocks.filter((b) => b.kind === 'list').length).toBeGreaterThan(3);
  });
});
