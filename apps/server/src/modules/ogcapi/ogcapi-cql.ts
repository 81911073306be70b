/**
 * CQL2 filters, the subset USGS's clients send: comparisons (= <> < <= > >=), IN lists, IS NULL,
 * AND, OR, NOT and parentheses, on property names, with strings, numbers and booleans. Both
 * encodings read to one tree: CQL2 text (filter-lang=cql2-text) and CQL2 JSON (the body of a
 * POST, or filter-lang=cql2-json). Anything else is a CqlError whose message says what and where.
 */

export type CqlValue = string | number | boolean;
export type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';
export type CqlExpr =
  | { op: 'and' | 'or'; args: CqlExpr[] }
  | { op: 'not'; arg: CqlExpr }
  | { op: Comparison; property: string; value: CqlValue }
  | { op: 'in'; property: string; values: CqlValue[] }
  | { op: 'isNull'; property: string };

export class CqlError extends Error {}

/** Nesting deeper than this is refused (a filter is a few conditions, not a program). */
const MAX_DEPTH = 20;
/** Values an IN list may hold. */
const MAX_LIST = 1000;
const COMPARISONS: readonly string[] = ['=', '<>', '<', '<=', '>', '>='];
const FLIPPED: Record<Comparison, Comparison> = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

// ---- CQL2 JSON ----

const isValue = (v: unknown): v is CqlValue =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';
const propertyOf = (v: unknown): string | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { property?: unknown }).property === 'string'
    ? (v as { property: string }).property
    : null;

/** A CQL2 JSON expression (already parsed from JSON) as a tree. */
export function cqlFromJson(node: unknown, depth = 0): CqlExpr {
  if (depth > MAX_DEPTH) throw new CqlError(`the filter nests deeper than ${MAX_DEPTH} levels`);
  if (typeof node !== 'object' || node === null || Array.isArray(node)) throw new CqlError('expected an object with "op" and "args"');
  const { op, args } = node as { op?: unknown; args?: unknown };
  if (typeof op !== 'string') throw new CqlError('expected "op" to be a string');
  if (!Array.isArray(args)) throw new CqlError(`"${op.slice(0, 20)}": expected "args" to be an array`);
  const name = op.toLowerCase();
  if (name === 'and' || name === 'or') {
    if (args.length < 1) throw new CqlError(`"${name}" needs at least one argument`);
    return { op: name, args: args.map((a) => cqlFromJson(a, depth + 1)) };
  }
  if (name === 'not') {
    if (args.length !== 1) throw new CqlError('"not" takes one argument');
    return { op: 'not', arg: cqlFromJson(args[0], depth + 1) };
  }
  if (name === 'isnull') {
    const property = args.length === 1 ? propertyOf(args[0]) : null;
    if (property === null) throw new CqlError('"isNull" takes one {"property": ...}');
    return { op: 'isNull', property };
  }
  if (name === 'in') {
    const property = propertyOf(args[0]);
    const values = args[1];
    if (args.length !== 2 || property === null || !Array.isArray(values)) {
      throw new CqlError('"in" takes a {"property": ...} and an array of values');
    }
    if (values.length === 0 || values.length > MAX_LIST) throw new CqlError(`"in" takes 1 to ${MAX_LIST} values`);
    if (!values.every(isValue)) throw new CqlError('"in": every value must be a string, a number or a boolean');
    return { op: 'in', property, values };
  }
  if (COMPARISONS.includes(op)) {
    if (args.length !== 2) throw new CqlError(`"${op}" takes two arguments`);
    const [a, b] = args;
    const left = propertyOf(a);
    const right = propertyOf(b);
    if (left !== null && isValue(b)) return { op: op as Comparison, property: left, value: b };
    if (right !== null && isValue(a)) return { op: FLIPPED[op as Comparison], property: right, value: a };
    throw new CqlError(`"${op}" compares a {"property": ...} with a string, number or boolean`);
  }
  throw new CqlError(`the operator "${op.slice(0, 20)}" is not supported (=, <>, <, <=, >, >=, in, isNull, and, or, not are)`);
}

/** A tree as CQL2 JSON, which cqlFromJson reads back to the same tree. */
export function cqlToJson(e: CqlExpr): object {
  switch (e.op) {
    case 'and':
    case 'or':
      return { op: e.op, args: e.args.map(cqlToJson) };
    case 'not':
      return { op: 'not', args: [cqlToJson(e.arg)] };
    case 'isNull':
      return { op: 'isNull', args: [{ property: e.property }] };
    case 'in':
      return { op: 'in', args: [{ property: e.property }, e.values] };
    default:
      return { op: e.op, args: [{ property: e.property }, e.value] };
  }
}

/** A CQL2 JSON text as a tree. */
export function cqlFromJsonText(text: string): CqlExpr {
  let node: unknown;
  try {
    node = JSON.parse(text);
  } catch {
    throw new CqlError('the filter is not JSON');
  }
  return cqlFromJson(node);
}

// ---- CQL2 text ----

type Token =
  | { t: 'name'; v: string; at: number }
  | { t: 'string'; v: string; at: number }
  | { t: 'number'; v: number; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'end'; at: number };

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "'") {
      let v = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new CqlError(`a string opened at character ${i + 1} is not closed`);
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            v += "'";
            j += 2;
            continue;
          }
          break;
        }
        v += text[j++];
      }
      out.push({ t: 'string', v, at: i });
      i = j + 1;
    } else if (ch === '"') {
      const j = text.indexOf('"', i + 1);
      if (j < 0) throw new CqlError(`a quoted name opened at character ${i + 1} is not closed`);
      out.push({ t: 'name', v: text.slice(i + 1, j), at: i });
      i = j + 1;
    } else if (/[-+\d.]/.test(ch) && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.test(text.slice(i))) {
      const m = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(text.slice(i))!;
      out.push({ t: 'number', v: Number(m[0]), at: i });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const m = /^[A-Za-z_][A-Za-z0-9_:.-]*/.exec(text.slice(i))!;
      out.push({ t: 'name', v: m[0], at: i });
      i += m[0].length;
    } else {
      const two = text.slice(i, i + 2);
      if (two === '<>' || two === '<=' || two === '>=') {
        out.push({ t: 'op', v: two, at: i });
        i += 2;
      } else if ('=<>(),'.includes(ch)) {
        out.push({ t: 'op', v: ch, at: i });
        i++;
      } else {
        throw new CqlError(`unexpected "${ch}" at character ${i + 1}`);
      }
    }
  }
  out.push({ t: 'end', at: text.length });
  return out;
}

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'null', 'true', 'false']);

/** A CQL2 text filter as a tree. */
export function cqlFromText(text: string): CqlExpr {
  const ts = tokens(text);
  let pos = 0;
  const peek = () => ts[pos];
  const where = (tok: Token) => (tok.t === 'end' ? 'at the end of the filter' : `at character ${tok.at + 1}`);
  const isWord = (tok: Token, word: string) => tok.t === 'name' && tok.v.toLowerCase() === word;
  const expectOp = (v: string) => {
    const tok = ts[pos];
    if (tok.t !== 'op' || tok.v !== v) throw new CqlError(`expected "${v}" ${where(tok)}`);
    pos++;
  };
  const value = (): CqlValue => {
    const tok = ts[pos++];
    if (tok.t === 'string' || tok.t === 'number') return tok.v;
    if (isWord(tok, 'true')) return true;
    if (isWord(tok, 'false')) return false;
    throw new CqlError(`expected a value ('text', a number, true or false) ${where(tok)}`);
  };
  const or = (depth: number): CqlExpr => {
    if (depth > MAX_DEPTH) throw new CqlError(`the filter nests deeper than ${MAX_DEPTH} levels`);
    const args = [and(depth)];
    while (isWord(peek(), 'or')) {
      pos++;
      args.push(and(depth));
    }
    return args.length === 1 ? args[0] : { op: 'or', args };
  };
  const and = (depth: number): CqlExpr => {
    const args = [not(depth)];
    while (isWord(peek(), 'and')) {
      pos++;
      args.push(not(depth));
    }
    return args.length === 1 ? args[0] : { op: 'and', args };
  };
  const not = (depth: number): CqlExpr => {
    if (isWord(peek(), 'not')) {
      pos++;
      return { op: 'not', arg: not(depth + 1) };
    }
    const tok = peek();
    if (tok.t === 'op' && tok.v === '(') {
      pos++;
      const inner = or(depth + 1);
      expectOp(')');
      return inner;
    }
    return predicate();
  };
  const predicate = (): CqlExpr => {
    const tok = ts[pos++];
    if (tok.t !== 'name' || KEYWORDS.has(tok.v.toLowerCase())) throw new CqlError(`expected a property name ${where(tok)}`);
    const property = tok.v;
    const next = peek();
    if (next.t === 'op' && COMPARISONS.includes(next.v)) {
      pos++;
      return { op: next.v as Comparison, property, value: value() };
    }
    let negate = false;
    if (isWord(next, 'not')) {
      negate = true;
      pos++;
    }
    if (isWord(peek(), 'in')) {
      pos++;
      expectOp('(');
      const values = [value()];
      while (peek().t === 'op' && (peek() as { v: string }).v === ',') {
        pos++;
        values.push(value());
        if (values.length > MAX_LIST) throw new CqlError(`IN takes at most ${MAX_LIST} values`);
      }
      expectOp(')');
      const e: CqlExpr = { op: 'in', property, values };
      return negate ? { op: 'not', arg: e } : e;
    }
    if (!negate && isWord(peek(), 'is')) {
      pos++;
      let isNot = false;
      if (isWord(peek(), 'not')) {
        isNot = true;
        pos++;
      }
      if (!isWord(peek(), 'null')) throw new CqlError(`expected NULL ${where(peek())}`);
      pos++;
      const e: CqlExpr = { op: 'isNull', property };
      return isNot ? { op: 'not', arg: e } : e;
    }
    throw new CqlError(`expected a comparison (=, <>, <, <=, >, >=), IN or IS NULL after "${property.slice(0, 40)}" ${where(peek())}`);
  };
  const tree = or(0);
  if (peek().t !== 'end') throw new CqlError(`unexpected text ${where(peek())}`);
  return tree;
}

/** The conditions that must all hold: the arguments of a top-level AND, or the one condition. */
export function conjuncts(e: CqlExpr): CqlExpr[] {
  return e.op === 'and' ? e.args.flatMap(conjuncts) : [e];
}

/** The properties a tree names. */
export function propertiesOf(e: CqlExpr): string[] {
  switch (e.op) {
    case 'and':
    case 'or':
      return e.args.flatMap(propertiesOf);
    case 'not':
      return propertiesOf(e.arg);
    default:
      return [e.property];
  }
}
