import type { OgcCollection } from '@portal/contracts';
import type { OgcCollectionDefinition } from '../collections';
import type { OgcLink, OgcLinks } from '../ogcapi-links';
import { h, page, type Crumb, type Html } from './html-layout';
import { pointsMap, type MapPoint } from './html-map';

/** The same address asking for another format (f=html, f=json or f=csv). */
export function inFormat(href: string, f: 'html' | 'json' | 'csv'): string {
  const url = new URL(href);
  url.searchParams.set('f', f);
  return url.toString();
}

const crumbsTo = (links: OgcLinks, ...rest: Crumb[]): Crumb[] => [{ text: 'Open data', href: inFormat(links.landing, 'html') }, ...rest];
const collectionsCrumb = (links: OgcLinks): Crumb => ({ text: 'Collections', href: inFormat(links.collections, 'html') });

function formatLinks(items: { text: string; href: string; label?: string }[]): Html {
  return h`<ul class="formats">${items.map((i) => h`<li><a href="${i.href}" aria-label="${i.label ?? i.text}">${i.text}</a></li>`)}</ul>`;
}

function linkList(list: readonly OgcLink[]): Html {
  return h`<ul>${list.map((l) => h`<li><a href="${l.href}">${l.title ?? l.rel}</a> <span class="muted">(${l.rel}${l.type ? `, ${l.type}` : ''})</span></li>`)}</ul>`;
}

export interface LandingDocument {
  title: string;
  description: string;
  links: OgcLink[];
}

export function landingHtml(links: OgcLinks, doc: LandingDocument): string {
  const body = h`<h1>${doc.title}</h1>
<p class="lead">${doc.description}</p>
<div class="card">
<h2>Browse</h2>
<ul>
<li><a href="${inFormat(links.collections, 'html')}">Collections</a>: monitoring locations, time series and their values</li>
<li><a href="${inFormat(links.conformance, 'html')}">Conformance</a>: the standards this API follows</li>
<li><a href="${links.serviceDesc}">OpenAPI document</a> (JSON) and <a href="${links.serviceDoc}">API documentation</a></li>
<li><a href="${inFormat(links.landing, 'json')}">This page as JSON</a></li>
</ul>
</div>
<h2>Links of this document</h2>
${linkList(doc.links)}`;
  return page({
    title: doc.title,
    crumbs: [{ text: 'Open data' }],
    home: inFormat(links.landing, 'html'),
    jsonHref: inFormat(links.landing, 'json'),
    body,
  });
}

export function conformanceHtml(links: OgcLinks, doc: { conformsTo: string[] }): string {
  const body = h`<h1>Conformance</h1>
<p class="lead">The conformance classes of the standards this API implements.</p>
<ul>${doc.conformsTo.map((c) => h`<li>${c}</li>`)}</ul>`;
  return page({
    title: 'Conformance',
    crumbs: crumbsTo(links, { text: 'Conformance' }),
    home: inFormat(links.landing, 'html'),
    jsonHref: inFormat(links.conformance, 'json'),
    body,
  });
}

export function collectionsHtml(links: OgcLinks, doc: { collections: OgcCollection[] }): string {
  const rows = doc.collections.map(
    (c) => h`<tr>
<th scope="row"><a href="${inFormat(links.collection(c.id), 'html')}">${c.id}</a></th>
<td>${c.title ?? ''}</td>
<td>${c.description ?? ''}</td>
<td>${formatLinks([
      { text: 'Items', href: inFormat(links.items(c.id), 'html'), label: `${c.id} items` },
      { text: 'JSON', href: inFormat(links.collection(c.id), 'json'), label: `${c.id} as JSON` },
    ])}</td>
</tr>`,
  );
  const body = h`<h1>Collections</h1>
<p class="lead">Each collection is a set of features: monitoring locations, their time series, and the series' values.</p>
<div class="table-scroll" role="region" aria-labelledby="collections-caption" tabindex="0">
<table>
<caption id="collections-caption">${doc.collections.length} collections</caption>
<thead><tr><th scope="col">Id</th><th scope="col">Title</th><th scope="col">Description</th><th scope="col">Links</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</div>`;
  return page({
    title: 'Collections',
    crumbs: crumbsTo(links, { text: 'Collections' }),
    home: inFormat(links.landing, 'html'),
    jsonHref: inFormat(links.collections, 'json'),
    body,
  });
}

interface QueryableSchema {
  properties: Record<string, { type?: string | string[]; format?: string; $ref?: string }>;
}

const typeText = (p: { type?: string | string[]; format?: string; $ref?: string }) =>
  p.$ref ? 'GeoJSON Point' : [[p.type ?? ''].flat().join(' or '), p.format ? `(${p.format})` : ''].filter(Boolean).join(' ');

export function collectionHtml(links: OgcLinks, doc: OgcCollection, queryables: QueryableSchema): string {
  const bbox = doc.extent?.spatial?.bbox?.[0];
  const interval = doc.extent?.temporal?.interval?.[0];
  const rows = Object.entries(queryables.properties).map(([name, p]) => h`<tr><th scope="row">${name}</th><td>${typeText(p)}</td></tr>`);
  const body = h`<h1>${doc.title ?? doc.id}</h1>
<p class="lead">${doc.description ?? ''}</p>
${formatLinks([
  { text: 'Items (HTML)', href: inFormat(links.items(doc.id), 'html'), label: 'Items as HTML' },
  { text: 'Items (GeoJSON)', href: inFormat(links.items(doc.id), 'json'), label: 'Items as GeoJSON' },
  { text: 'Items (CSV)', href: inFormat(links.items(doc.id), 'csv'), label: 'Items as CSV' },
  { text: 'This collection as JSON', href: inFormat(links.collection(doc.id), 'json') },
])}
<div class="card">
<h2>Extent</h2>
<dl class="facts">
<dt>Id</dt><dd>${doc.id}</dd>
<dt>Bounding box</dt><dd>${bbox ? `${bbox.join(', ')} (longitude, latitude: west, south, east, north)` : 'No readable feature has a position'}</dd>
<dt>Time</dt><dd>${interval ? `${interval[0] ?? 'open'} to ${interval[1] ?? 'open'}` : 'No time span'}</dd>
<dt>Coordinate system</dt><dd>WGS 84 longitude, latitude (CRS84)</dd>
</dl>
</div>
<h2 id="queryables">Queryables</h2>
<p>Each filters the items as a query parameter (a comma list) and in a CQL2 filter. Also as <a href="${links.queryables(doc.id)}">JSON Schema</a>.</p>
<div class="table-scroll" role="region" aria-labelledby="queryables-caption" tabindex="0">
<table>
<caption id="queryables-caption">Queryables of ${doc.id}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</div>`;
  return page({
    title: doc.title ?? doc.id,
    crumbs: crumbsTo(links, collectionsCrumb(links), { text: doc.id }),
    home: inFormat(links.landing, 'html'),
    jsonHref: inFormat(links.collection(doc.id), 'json'),
    body,
  });
}

export interface GeoFeature {
  id: string | number;
  geometry: { type: string; coordinates: number[] } | null;
  properties: Record<string, unknown>;
}
export interface FeaturePage {
  features: GeoFeature[];
  numberReturned: number;
  numberMatched?: number;
  links: OgcLink[];
}

/** A property value as the text of a cell: arrays as a comma list, nothing for null. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isNumeric = (c: OgcCollectionDefinition, name: string) => {
  const t = [c.properties[name]?.schema.type ?? []].flat();
  return t.includes('number') || t.includes('integer');
};

const pointsOf = (features: readonly GeoFeature[]): MapPoint[] =>
  features.flatMap((f) =>
    f.geometry?.type === 'Point' && Number.isFinite(f.geometry.coordinates[0]) && Number.isFinite(f.geometry.coordinates[1])
      ? [{ id: String(f.id), lon: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] }]
      : [],
  );

const n = (count: number) => count.toLocaleString('en-US');

export interface ItemsView {
  c: OgcCollectionDefinition;
  /** The properties written, in order (all the collection's unless `properties` chose some). */
  columns: readonly string[];
  page: FeaturePage;
  /** The page's own address as JSON, and as CSV. */
  jsonHref: string;
  csvHref: string;
  /** The first page, when this page is not it. */
  firstHref: string | null;
}

export function itemsHtml(links: OgcLinks, v: ItemsView): string {
  const { c, page: p } = v;
  const next = p.links.find((l) => l.rel === 'next');
  const prev = p.links.find((l) => l.rel === 'prev' || l.rel === 'previous');
  const head = h`<tr><th scope="col">id</th>${v.columns.map((name) => h`<th scope="col">${name}</th>`)}</tr>`;
  const rows = p.features.map(
    (f) =>
      h`<tr><th scope="row"><a href="${inFormat(links.item(c.id, String(f.id)), 'html')}">${f.id}</a></th>${v.columns.map((name) =>
        isNumeric(c, name) ? h`<td class="num">${cellText(f.properties[name])}</td>` : h`<td>${cellText(f.properties[name])}</td>`,
      )}</tr>`,
  );
  const count =
    p.numberMatched === undefined
      ? `${n(p.numberReturned)} ${p.numberReturned === 1 ? 'feature' : 'features'} on this page`
      : `${n(p.numberReturned)} of ${n(p.numberMatched)} matching features on this page`;
  const paging = (where: string) => h`<nav class="paging" aria-label="${`Pages, ${where} the table`}">
${v.firstHref ? h`<a href="${v.firstHref}" rel="first">First page</a>` : h`<span class="muted">First page</span>`}
${prev ? h`<a href="${inFormat(prev.href, 'html')}" rel="prev">Previous page</a>` : ''}
${next ? h`<a href="${inFormat(next.href, 'html')}" rel="next">Next page</a>` : h`<span class="muted">Last page</span>`}
</nav>`;
  const body = h`<h1>${c.title}: items</h1>
<div class="overview">
<div>
<p class="lead">${c.description}</p>
<p id="count"><strong>${count}</strong>.</p>
${formatLinks([
  { text: 'This page as GeoJSON', href: v.jsonHref },
  { text: 'This page as CSV', href: v.csvHref },
  { text: 'The collection', href: inFormat(links.collection(c.id), 'html') },
])}
${paging('above')}
</div>
${pointsMap(pointsOf(p.features), `this page of ${c.id}`)}
</div>
<div class="table-scroll" role="region" aria-labelledby="items-caption" tabindex="0">
<table class="items">
<caption id="items-caption">${c.id}: ${count}</caption>
<thead>${head}</thead>
<tbody>${rows}</tbody>
</table>
</div>
${paging('below')}`;
  return page({
    title: `${c.title}: items`,
    crumbs: crumbsTo(links, collectionsCrumb(links), { text: c.id, href: inFormat(links.collection(c.id), 'html') }, { text: 'Items' }),
    home: inFormat(links.landing, 'html'),
    jsonHref: v.jsonHref,
    body,
  });
}

export function itemHtml(links: OgcLinks, c: OgcCollectionDefinition, f: GeoFeature): string {
  const id = String(f.id);
  const facts = Object.entries(f.properties).map(([name, value]) => h`<dt>${name}</dt><dd>${cellText(value)}</dd>`);
  const point = pointsOf([f]);
  const body = h`<h1>${c.id} ${id}</h1>
${formatLinks([
  { text: 'This feature as GeoJSON', href: inFormat(links.item(c.id, id), 'json') },
  { text: 'As CSV', href: inFormat(links.item(c.id, id), 'csv'), label: 'This feature as CSV' },
  { text: 'The collection', href: inFormat(links.collection(c.id), 'html') },
])}
${point.length ? pointsMap(point, `feature ${id}`) : ''}
<div class="card">
<h2>Properties</h2>
<dl class="facts"><dt>id</dt><dd>${id}</dd>${f.geometry ? h`<dt>position</dt><dd>${f.geometry.coordinates.join(', ')} (longitude, latitude)</dd>` : ''}${facts}</dl>
</div>`;
  return page({
    title: `${c.id} ${id}`,
    crumbs: crumbsTo(
      links,
      collectionsCrumb(links),
      { text: c.id, href: inFormat(links.collection(c.id), 'html') },
      { text: 'Items', href: inFormat(links.items(c.id), 'html') },
      { text: id },
    ),
    home: inFormat(links.landing, 'html'),
    jsonHref: inFormat(links.item(c.id, id), 'json'),
    body,
  });
}
