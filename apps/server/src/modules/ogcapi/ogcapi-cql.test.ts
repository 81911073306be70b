import { describe, expect, it } from 'vitest';
import { conjuncts, cqlFromJsonText, cqlFromText, CqlError, cqlToJson } from './ogcapi-cql';

describe('CQL2 text', () => {
  it('reads comparisons, IN, IS NULL, AND, OR, NOT and parentheses with the usual precedence', () => {
    expect(cqlFromText("approval_status = 'Provisional'")).toEqual({ op: '=', property: 'approval_status', value: 'Provisional' });
    expect(cqlFromText("parameter_code IN ('00060', '00065') AND NOT qualifier IS NULL")).toEqual({
      op: 'and',
      args: [
        { op: 'in', property: 'parameter_code', values: ['00060', '00065'] },
        { op: 'not', arg: { op: 'isNull', property: 'qualifier' } },
      ],
    });
    expect(cqlFromText("a = 1 or b <> 'x' and c >= 2.5")).toEqual({
      op: 'or',
      args: [
        { op: '=', property: 'a', value: 1 },
        {
          op: 'and',
          args: [
            { op: '<>', property: 'b', value: 'x' },
            { op: '>=', property: 'c', value: 2.5 },
          ],
        },
      ],
    });
    expect(cqlFromText("(a = 'it''s') AND b NOT IN (1, 2) AND c IS NOT NULL AND \"d\" = true")).toEqual({
      op: 'and',
      args: [
        { op: '=', property: 'a', value: "it's" },
        { op: 'not', arg: { op: 'in', property: 'b', values: [1, 2] } },
        { op: 'not', arg: { op: 'isNull', property: 'c' } },
        { op: '=', property: 'd', value: true },
      ],
    });
  });

  it.each([
    ["approval_status = 'x", /not closed/],
    ['approval_status =', /expected a value .* at the end/],
    ["= 'x'", /expected a property name at character 1/],
    ["a = 'x' b", /unexpected text at character 9/],
    ['a LIKE 1', /expected a comparison/],
    ['a = 1; drop table location', /unexpected ";" at character 6/],
    ['(a = 1', /expected "\)" at the end/],
    ['a IN ()', /expected a value/],
  ])('says what is wrong and where: %s', (text, message) => {
    expect(() => cqlFromText(text)).toThrow(CqlError);
    expect(() => cqlFromText(text)).toThrow(message);
  });

  it('refuses nesting deeper than twenty levels', () => {
    expect(() => cqlFromText(`${'('.repeat(30)}a = 1${')'.repeat(30)}`)).toThrow(/deeper than 20/);
  });
});

describe('CQL2 JSON', () => {
  it('reads what USGS clients POST: an AND of IN lists', () => {
    const tree = cqlFromJsonText('{"op":"and","args":[{"op":"in","args":[{"property":"id"},["RWSD-1","RWSD-2"]]}]}');
    expect(conjuncts(tree)).toEqual([{ op: 'in', property: 'id', values: ['RWSD-1', 'RWSD-2'] }]);
  });

  it('reads =, or, not and isNull, a value on either side', () => {
    expect(
      cqlFromJsonText(
        '{"op":"or","args":[{"op":"=","args":["00011",{"property":"statistic_id"}]},{"op":"not","args":[{"op":"isNull","args":[{"property":"qualifier"}]}]}]}',
      ),
    ).toEqual({
      op: 'or',
      args: [
        { op: '=', property: 'statistic_id', value: '00011' },
        { op: 'not', arg: { op: 'isNull', property: 'qualifier' } },
      ],
    });
    expect(cqlFromJsonText('{"op":"<","args":[5,{"property":"count"}]}')).toEqual({ op: '>', property: 'count', value: 5 });
  });

  it.each([
    ['{', /not JSON/],
    ['[]', /expected an object/],
    ['{"op":"in","args":[{"property":"id"},[]]}', /1 to 1000 values/],
    ['{"op":"in","args":[{"property":"id"},[{"x":1}]]}', /every value must be/],
    ['{"op":"s_intersects","args":[]}', /not supported/],
    ['{"op":"=","args":[{"property":"a"},{"property":"b"}]}', /compares a/],
    ['{"op":"and"}', /"args" to be an array/],
  ])('says what is wrong: %s', (text, message) => {
    expect(() => cqlFromJsonText(text)).toThrow(message);
  });
});

describe('cqlToJson', () => {
  it('writes a tree as CQL2 JSON that reads back to the same tree', () => {
    const text = "statistic_id in ('00001','00003') and (value > 3 or not qualifier is null) and monitoring_location_id = 'RWSD-1'";
    const tree = cqlFromText(text);
    expect(cqlFromJsonText(JSON.stringify(cqlToJson(tree)))).toEqual(tree);
  });
});
