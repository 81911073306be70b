import { describe, expect, it } from 'vitest';
import { graphTargetOf } from './graph-links';

describe('graphTargetOf', () => {
  it('lists the graphs a location feature offers, in flow, stage, water level order', () => {
    expect(
      graphTargetOf({
        location_ndx: 12,
        location_id: 'TW-11',
        location_name: 'Well 11',
        has_flow_graph: false,
        has_stage_graph: true,
        has_waterlevel_graph: true,
      }),
    ).toEqual({ location: { ndx: 12, id: 'TW-11', name: 'Well 11' }, graphTypes: ['stage', 'waterlevel'] });
    expect(graphTargetOf({ location_ndx: '7', location_id: 'SP-1', has_flow_graph: true })).toEqual({
      location: { ndx: 7, id: 'SP-1', name: 'SP-1' },
      graphTypes: ['flow'],
    });
  });

  it('offers nothing for features without a graph or without location keys', () => {
    expect(graphTargetOf({ location_ndx: 12, location_id: 'TW-11', has_flow_graph: false })).toBeNull();
    expect(graphTargetOf({ wdid: '0100503', has_flow_graph: true })).toBeNull();
    expect(graphTargetOf({ location_ndx: 'x', location_id: 'A', has_flow_graph: true })).toBeNull();
    expect(graphTargetOf({ location_ndx: 3, location_id: 'A', has_flow_graph: 'true' })).toBeNull();
    expect(graphTargetOf(null)).toBeNull();
  });
});
