import { sql, type RawBuilder } from 'kysely';
import type { OgcCollectionDefinition, PropertyDefinition } from './collections/collection';
import { CqlError, type CqlExpr, type CqlValue } from './ogcapi-cql';

/**
 * A CQL2 tree as SQL over the row `r` of a collection: each property is its definition's SQL and
 * every value a bound parameter, never text in the statement. Text properties compare as text,
 * numbers as numbers, and an array property (qualifier) holds a value when any element equals it.
 */

/** The queryable of a name: a property the collection filters on, or `id` (the feature id; where features are locations, their location id too). */
export function queryableOf(c: OgcCollectionDefinition, name: string): PropertyDefinition | null {
  if (name === 'id' || (c.locationKeys.includes(name) && !Object.hasOwn(c.properties, name))) {
    return { kind: 'plain', value: c.featureId, schema: { type: 'string' } };
  }
  const p = Object.hasOwn(c.properties, name) ? c.properties[name] : undefined;
  return p && p.queryable !== false ? p : null;
}

const asText = (v: CqlValue) => String(v);

function asNumber(property: string, v: CqlValue): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new CqlError(`${property} is a number; "${String(v).slice(0, 40)}" is not`);
  return n;
}

const OPERATORS = { '=': sql`=`, '<>': sql`<>`, '<': sql`<`, '<=': sql`<=`, '>': sql`>`, '>=': sql`>=` } as const;

export function cqlSql(c: OgcCollectionDefinition, e: CqlExpr): RawBuilder<unknown> {
  switch (e.op) {
    case 'and':
    case 'or':
      return sql`(${sql.join(
        e.args.map((a) => cqlSql(c, a)),
        e.op === 'and' ? sql` and ` : sql` or `,
      )})`;
    case 'not':
      return sql`(not coalesce(${cqlSql(c, e.arg)}, false))`;
    default:
      break;
  }
  const p = queryableOf(c, e.property);
  if (!p) throw new CqlError(`the collection ${c.id} has no queryable "${e.property.slice(0, 60)}"`);
  if (e.op === 'isNull') return p.kind === 'array' ? sql`(${p.value} is null or cardinality(${p.value}) = 0)` : sql`(${p.value} is null)`;
  if (p.kind === 'array') {
    if (e.op === 'in') return sql`(${p.value} && ${e.values.map(asText)}::text[])`;
    if (e.op === '=') return sql`(${asText(e.value)}::text = any(${p.value}))`;
    if (e.op === '<>') return sql`(not coalesce(${asText(e.value)}::text = any(${p.value}), false))`;
    throw new CqlError(`${e.property} is a list: it takes =, <>, IN and IS NULL`);
  }
  if (p.kind === 'number') {
    if (e.op === 'in') return sql`((${p.value})::numeric = any(${e.values.map((v) => asNumber(e.property, v))}::numeric[]))`;
    return sql`((${p.value})::numeric ${OPERATORS[e.op]} ${asNumber(e.property, e.value)}::numeric)`;
  }
  if (e.op === 'in') return sql`((${p.value})::text = any(${e.values.map(asText)}::text[]))`;
  return sql`((${p.value})::text ${OPERATORS[e.op]} ${asText(e.value)}::text)`;
}
