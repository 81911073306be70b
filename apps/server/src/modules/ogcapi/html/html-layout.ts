/** Text made safe for HTML content and attribute values (double or single quoted). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** HTML that is already escaped; the page builders join these and escape every other text. */
export interface Html {
  readonly html: string;
}
export const raw = (html: string): Html => ({ html });

/** A template tag that escapes every interpolated value unless it is Html (or a list of Html). */
export function h(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  values.forEach((v, i) => {
    out += piece(v) + strings[i + 1];
  });
  return raw(out);
}

function piece(v: unknown): string {
  if (Array.isArray(v)) return v.map(piece).join('');
  if (v !== null && typeof v === 'object' && 'html' in v) return (v as Html).html;
  if (v === null || v === undefined || v === false) return '';
  return escapeHtml(v);
}

/** One step of the breadcrumb: its text and, except for the page itself, its address. */
export interface Crumb {
  text: string;
  href?: string;
}

/**
 * The portal's colours (the web app's light theme: brand blue #0b6e99 and #0b4f6c, text #233044,
 * secondary text #4a5b6e (darker than the app's #607489, for 4.5:1 on the page colour), page #f4f7f9) and its system fonts, so the pages need nothing from the
 * network. Styles are inline in the page, which the portal's Content-Security-Policy allows
 * (style-src 'unsafe-inline'); the pages have no scripts.
 */
const STYLE = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;color:#233044;background:#f4f7f9;line-height:1.5}
body{margin:0;min-width:0}
a{color:#0b6e99}
a:hover{color:#0b4f6c}
a:focus-visible,[tabindex]:focus-visible{outline:3px solid #0b6e99;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;color:#0b4f6c;padding:8px 12px;z-index:2}
.skip:focus{left:8px;top:8px}
header.bar{background:#0b6e99;color:#fff;padding:12px 24px;display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 16px;box-shadow:0 2px 4px rgba(0,0,0,.15)}
header.bar .app{font-size:1.25rem;font-weight:600;color:#fff;text-decoration:none}
header.bar .area{color:#fff;opacity:.95}
nav.crumbs{padding:8px 24px;background:#fff;border-bottom:1px solid #dde3e8;font-size:.875rem}
nav.crumbs ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px}
nav.crumbs li+li::before{content:"/";color:#4a5b6e;margin-right:4px}
main{padding:16px 24px 32px;max-width:1400px;margin:0 auto}
main:focus{outline:none}
h1{font-size:1.6rem;font-weight:600;margin:8px 0 4px;overflow-wrap:anywhere}
h2{font-size:1.2rem;font-weight:600;margin:24px 0 8px}
p.lead{color:#4a5b6e;margin:0 0 16px;max-width:80ch}
.card{background:#fff;border:1px solid #dde3e8;border-radius:8px;padding:16px;margin:12px 0}
.card>h2:first-child{margin-top:0}
.formats{display:flex;flex-wrap:wrap;gap:8px;padding:0;margin:8px 0;list-style:none}
.formats a{display:inline-block;padding:4px 12px;border:1px solid #0b6e99;border-radius:16px;text-decoration:none;font-size:.875rem}
.formats a:hover{background:#e6f1f6}
.table-scroll{overflow:auto;max-width:100%;max-height:70vh;background:#fff;border:1px solid #dde3e8;border-radius:8px}
table{border-collapse:collapse;font-size:.875rem;width:100%}
caption{caption-side:top;text-align:left;font-weight:600;padding:8px 12px;color:#233044}
th,td{padding:6px 12px;border-bottom:1px solid #e6ebef;text-align:left;vertical-align:top}
thead th{position:sticky;top:0;background:#eef3f6;white-space:nowrap;font-weight:600}
tbody th{font-weight:500;white-space:nowrap}
table.items td{white-space:nowrap}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;overflow-wrap:anywhere}
.muted{color:#4a5b6e}
.paging{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:12px 0}
.overview{display:grid;grid-template-columns:minmax(0,1fr);gap:0 24px;align-items:start}
@media (min-width:1000px){.overview{grid-template-columns:minmax(0,1fr) minmax(320px,480px)}}
figure.map{margin:12px 0;background:#fff;border:1px solid #dde3e8;border-radius:8px;padding:8px;max-width:640px}
figure.map svg{display:block;width:100%;height:auto}
figure.map figcaption{font-size:.875rem;color:#4a5b6e;padding:4px}
.map-bg{fill:#eaf3f8;stroke:#c5d6e0}
.map-point{fill:#0b6e99;stroke:#fff;stroke-width:1.5}
footer{padding:16px 24px;color:#4a5b6e;font-size:.875rem;border-top:1px solid #dde3e8;background:#fff}
@media (max-width:600px){header.bar,nav.crumbs,main,footer{padding-left:12px;padding-right:12px}h1{font-size:1.3rem}}
`;

const APP_NAME = 'Water Resources Portal';

/** A whole page: language, skip link, header, breadcrumb navigation, main and footer landmarks. */
export function page(o: { title: string; crumbs: Crumb[]; home: string; jsonHref: string; body: Html }): string {
  const crumbs = o.crumbs.map((c) =>
    c.href ? h`<li><a href="${c.href}">${c.text}</a></li>` : h`<li><span aria-current="page">${c.text}</span></li>`,
  );
  const doc = h`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} · ${APP_NAME} open data</title>
<link rel="alternate" type="application/json" href="${o.jsonHref}">
<style>${raw(STYLE)}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="bar"><a class="app" href="${o.home}">${APP_NAME}</a><span class="area">Open data API</span></header>
<nav class="crumbs" aria-label="Breadcrumb"><ol>${crumbs}</ol></nav>
<main id="main" tabindex="-1">
${o.body}
</main>
<footer><p>This page is also served as <a href="${o.jsonHref}">JSON</a>. The API follows OGC API - Features with the collection and property names of the USGS Water Data API.</p></footer>
</body>
</html>
`;
  return doc.html;
}
