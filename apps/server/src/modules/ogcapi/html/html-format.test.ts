import { describe, expect, it } from 'vitest';
import { wantsHtml } from './html-format';

describe('wantsHtml', () => {
  it('gives a page to f=html and to a browser without f', () => {
    expect(wantsHtml('html', 'application/json')).toBe(true);
    expect(wantsHtml(undefined, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(wantsHtml(undefined, 'text/html, application/json;q=0.5')).toBe(true);
  });

  it('gives JSON to programs and to any other f', () => {
    expect(wantsHtml('json', 'text/html')).toBe(false);
    expect(wantsHtml('csv', 'text/html')).toBe(false);
    expect(wantsHtml(undefined, 'application/geo+json, application/json')).toBe(false);
    expect(wantsHtml(undefined, 'application/json')).toBe(false);
    expect(wantsHtml(undefined, undefined)).toBe(false);
    expect(wantsHtml(undefined, '*/*')).toBe(false);
    expect(wantsHtml(undefined, 'application/json, text/html')).toBe(false);
    expect(wantsHtml(undefined, 'text/html;q=0.5, application/geo+json')).toBe(false);
    expect(wantsHtml(undefined, 'text/html;q=0')).toBe(false);
  });
});
