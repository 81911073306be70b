import { describe, expect, it } from 'vitest';
import { PNG_FILE_NAME, pdfFileName } from './export-file-names';

describe('export file names', () => {
  it('names the PNG map.png', () => {
    expect(PNG_FILE_NAME).toBe('map.png');
  });

  it('names the PDF after the title', () => {
    expect(pdfFileName('Wells north of Greeley')).toBe('Wells north of Greeley.pdf');
  });

  it('falls back to map.pdf for an empty or unusable title (titles are not validated)', () => {
    expect(pdfFileName('')).toBe('map.pdf');
    expect(pdfFileName('   ')).toBe('map.pdf');
    expect(pdfFileName('///')).toBe('map.pdf');
    expect(pdfFileName('..')).toBe('map.pdf');
  });

  it('replaces characters file systems refuse and squeezes spaces', () => {
    expect(pdfFileName('Flow: 2024/2025 <draft>?')).toBe('Flow 2024 2025 draft.pdf');
    expect(pdfFileName('a\tb\nc')).toBe('a b c.pdf');
  });

  it('cuts long titles to 100 characters', () => {
    expect(pdfFileName('x'.repeat(300))).toBe(`${'x'.repeat(100)}.pdf`);
  });
});
