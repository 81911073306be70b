/** The PNG export's file name. */
export const PNG_FILE_NAME = 'map.png';
const PDF_FALLBACK = 'map';
const MAX_BASE_LENGTH = 100;

/**
 * The PDF's file name from the report title: the title without characters that file systems
 * refuse, squeezed and cut to 100 characters; 'map.pdf' when nothing is left (titles are not validated).
 */
export function pdfFileName(title: string): string {
  const base = title
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|\.+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .trim();
  return `${base || PDF_FALLBACK}.pdf`;
}
