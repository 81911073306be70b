import { describe, expect, it, vi } from 'vitest';
import { resolveThemeName } from './theme-names';

describe('resolveThemeName', () => {
  it('keeps the known theme names', () => {
    expect(resolveThemeName('dark')).toBe('dark');
    expect(resolveThemeName('light')).toBe('light');
    expect(resolveThemeName('default')).toBe('default');
  });

  it('uses the default without a warning when nothing is stored', () => {
    const warn = vi.fn();
    expect(resolveThemeName(null, warn)).toBe('default');
    expect(resolveThemeName('', warn)).toBe('default');
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns and falls back to the default for an unknown name', () => {
    const warn = vi.fn();
    expect(resolveThemeName('purple', warn)).toBe('default');
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0][0]).toContain('purple');
  });

  it('is case-sensitive, like the stored names', () => {
    const warn = vi.fn();
    expect(resolveThemeName('Dark', warn)).toBe('default');
    expect(warn).toHaveBeenCalledOnce();
  });
});
