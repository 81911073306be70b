import { describe, expect, it } from 'vitest';
import type { FiredAlert } from './evaluate.repository';
import { buildAlertMessage } from './message';

const fired = (over: Partial<FiredAlert>): FiredAlert => ({
  alert_request_ndx: 7,
  alert_type: 'Value above trigger',
  comparison: 'above',
  location_ndx: 42,
  location_name: 'South Platte at Henderson',
  custom_loc_name: null,
  custom_subject: null,
  notes: null,
  parameter_name: 'Flow',
  decimals: 2,
  units: 'cfs',
  trigger_value: 100,
  last_value: 123.456,
  last_timestamp: new Date('2026-07-01T18:00:00Z'),
  facility_ndx: 3,
  value_field: 'flow_cfs',
  ...over,
});

describe('alert message link', () => {
  it("opens the location's graph on the map when a graph shows the parameter", () => {
    const text = buildAlertMessage(fired({}), 'https://water.example.org').text;
    expect(text).toContain('Graph: https://water.example.org/map?location=42&graph=flow');
    expect(buildAlertMessage(fired({ value_field: 'level_ft' }), 'https://water.example.org').text).toContain(
      '/map?location=42&graph=waterlevel',
    );
  });

  it('opens the facility page (or the map) for a parameter no graph shows', () => {
    expect(buildAlertMessage(fired({ value_field: null }), 'https://w.example').text).toContain(
      'Graph: https://w.example/facility-pages/3',
    );
    expect(buildAlertMessage(fired({ value_field: null, facility_ndx: null }), 'https://w.example').text).toContain(
      'Graph: https://w.example/map\n',
    );
  });
});
