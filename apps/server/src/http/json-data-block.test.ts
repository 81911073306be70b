import { describe, expect, it } from 'vitest';
import { jsonDataBlock } from './route-preloads';

describe('jsonDataBlock', () => {
  it('cannot be closed or commented out by the text it carries, and reads back as the same value', () => {
    const value = { environment: '</script><script>alert(1)</script>', version: '<!-- x -->', plain: 'a & b' };
    const html = jsonDataBlock('client-config', value);
    const inner = /^<script type="application\/json" id="client-config">(.*)<\/script>$/s.exec(html)?.[1] ?? '';
    expect(inner).not.toMatch(/</);
    expect(JSON.parse(inner)).toEqual(value);
  });
});
