import type { FacilityTypeKey, WaterbodyKey } from './reference-data';

/**
 * The demo district's facilities. Coordinates are near the real towns and reservoirs of the
 * lower South Platte in Weld/Adams/Larimer counties so the map looks familiar to local users;
 * the facilities themselves are fictional.
 */
export interface FacilitySpec {
  key: string;
  name: string;
  type: FacilityTypeKey;
  /** Short prefix used in location ids, e.g. 'MIL' -> 'MIL-RES-01'. */
  abbr: string;
  lon: number;
  lat: number;
  waterbody: WaterbodyKey;
}

export const FACILITY_SPECS: readonly FacilitySpec[] = [
  { key: 'milton', name: 'Milton Reservoir Storage', type: 'storage', abbr: 'MIL', lon: -104.65, lat: 40.228, waterbody: 'spr' },
  { key: 'barr', name: 'Barr Lake Storage', type: 'storage', abbr: 'BAR', lon: -104.755, lat: 39.943, waterbody: 'bec' },
  { key: 'latham', name: 'Lower Latham Reservoir Storage', type: 'storage', abbr: 'LAT', lon: -104.585, lat: 40.335, waterbody: 'spr' },
  { key: 'riverside-res', name: 'Riverside Reservoir Storage', type: 'storage', abbr: 'RSR', lon: -104.33, lat: 40.33, waterbody: 'spr' },
  { key: 'hewes', name: 'Hewes-Cook Reservoir Storage', type: 'storage', abbr: 'HCR', lon: -104.95, lat: 40.18, waterbody: 'svc' },
  { key: 'gilcrest-res', name: 'Gilcrest Reservoir Storage', type: 'storage', abbr: 'GLR', lon: -104.74, lat: 40.3, waterbody: 'spr' },
  { key: 'platteville-rch', name: 'Platteville Recharge Site', type: 'recharge', abbr: 'PLR', lon: -104.8, lat: 40.2, waterbody: 'spa' },
  { key: 'gilcrest-rch', name: 'Gilcrest Recharge Ponds', type: 'recharge', abbr: 'GRP', lon: -104.79, lat: 40.27, waterbody: 'spa' },
  { key: 'lasalle-rch', name: 'LaSalle Recharge Site', type: 'recharge', abbr: 'LSR', lon: -104.69, lat: 40.34, waterbody: 'spa' },
  { key: 'kersey-rch', name: 'Kersey Recharge Ponds', type: 'recharge', abbr: 'KRP', lon: -104.56, lat: 40.38, waterbody: 'spa' },
  { key: 'fortlupton-rch', name: 'Fort Lupton Recharge Site', type: 'recharge', abbr: 'FLR', lon: -104.8, lat: 40.09, waterbody: 'spa' },
  { key: 'evans-rch', name: 'Evans Recharge Ponds', type: 'recharge', abbr: 'EVR', lon: -104.7, lat: 40.37, waterbody: 'spa' },
  {
    key: 'gilcrest-aug',
    name: 'Gilcrest Augmentation Station',
    type: 'augmentation',
    abbr: 'GAS',
    lon: -104.77,
    lat: 40.29,
    waterbody: 'spr',
  },
  {
    key: 'platteville-aug',
    name: 'Platteville Augmentation Station',
    type: 'augmentation',
    abbr: 'PAS',
    lon: -104.83,
    lat: 40.22,
    waterbody: 'spr',
  },
  {
    key: 'western-aug',
    name: 'Western Mutual Augmentation Station',
    type: 'augmentation',
    abbr: 'WMA',
    lon: -104.86,
    lat: 40.25,
    waterbody: 'spr',
  },
  {
    key: 'brighton-aug',
    name: 'Brighton Augmentation Station',
    type: 'augmentation',
    abbr: 'BAS',
    lon: -104.83,
    lat: 39.99,
    waterbody: 'spr',
  },
  { key: 'hudson-aug', name: 'Hudson Augmentation Station', type: 'augmentation', abbr: 'HAS', lon: -104.64, lat: 40.08, waterbody: 'lc' },
  {
    key: 'milliken-aug',
    name: 'Milliken Augmentation Station',
    type: 'augmentation',
    abbr: 'MAS',
    lon: -104.86,
    lat: 40.33,
    waterbody: 'bt',
  },
  { key: 'wf1', name: 'Well Field 1', type: 'wells', abbr: 'WF1', lon: -104.75, lat: 40.24, waterbody: 'spa' },
  { key: 'wf2', name: 'Well Field 2', type: 'wells', abbr: 'WF2', lon: -104.72, lat: 40.31, waterbody: 'spa' },
  { key: 'wf3', name: 'Well Field 3', type: 'wells', abbr: 'WF3', lon: -104.81, lat: 40.15, waterbody: 'spa' },
  { key: 'wf4', name: 'Well Field 4', type: 'wells', abbr: 'WF4', lon: -104.62, lat: 40.36, waterbody: 'spa' },
  { key: 'wf5', name: 'Well Field 5', type: 'wells', abbr: 'WF5', lon: -104.99, lat: 40.39, waterbody: 'lfh' },
  { key: 'wf6', name: 'Well Field 6', type: 'wells', abbr: 'WF6', lon: -104.78, lat: 40.05, waterbody: 'lcb' },
  { key: 'western', name: 'Western Mutual Ditch', type: 'diversions', abbr: 'WMD', lon: -104.87, lat: 40.26, waterbody: 'spr' },
  { key: 'empire', name: 'Empire Ditch', type: 'diversions', abbr: 'EMP', lon: -104.6, lat: 40.36, waterbody: 'spr' },
  { key: 'riverside', name: 'Riverside Canal', type: 'diversions', abbr: 'RSC', lon: -104.45, lat: 40.36, waterbody: 'spr' },
  { key: 'fulton', name: 'Fulton Ditch', type: 'diversions', abbr: 'FUL', lon: -104.8, lat: 40.02, waterbody: 'spr' },
  { key: 'brantner', name: 'Brantner Ditch', type: 'diversions', abbr: 'BRA', lon: -104.84, lat: 39.98, waterbody: 'spr' },
  { key: 'meadow', name: 'Meadow Island Ditch', type: 'diversions', abbr: 'MID', lon: -104.79, lat: 40.16, waterbody: 'svc' },
];

/** River gauges shared with nearby facilities (and the 'SPR-GAGE-02' the spec's examples use). */
export const GAUGE_SPECS: readonly { id: string; name: string; waterbody: WaterbodyKey; lon: number; lat: number }[] = [
  { id: 'SPR-GAGE-01', name: 'South Platte River near Fort Lupton', waterbody: 'spr', lon: -104.79, lat: 40.1 },
  { id: 'SPR-GAGE-02', name: 'South Platte River near Platteville', waterbody: 'spr', lon: -104.81, lat: 40.23 },
  { id: 'SPR-GAGE-03', name: 'South Platte River at Kersey', waterbody: 'spr', lon: -104.565, lat: 40.41 },
  { id: 'SPR-GAGE-04', name: 'South Platte River near Henderson', waterbody: 'spr', lon: -104.87, lat: 39.92 },
  { id: 'CLP-GAGE-01', name: 'Cache la Poudre River near Greeley', waterbody: 'clp', lon: -104.66, lat: 40.42 },
  { id: 'BT-GAGE-01', name: 'Big Thompson River at La Salle', waterbody: 'bt', lon: -104.72, lat: 40.36 },
  { id: 'SVC-GAGE-01', name: 'St. Vrain Creek at Mouth near Platteville', waterbody: 'svc', lon: -104.88, lat: 40.26 },
  { id: 'BEC-GAGE-01', name: 'Box Elder Creek near Hudson', waterbody: 'bec', lon: -104.6, lat: 40.05 },
  { id: 'LC-GAGE-01', name: 'Lost Creek near Keenesburg', waterbody: 'lc', lon: -104.52, lat: 40.12 },
];

/** Which gauge each diversion/augmentation facility also shows (river conditions at its headgate). */
export const GAUGE_LINKS: Record<string, string[]> = {
  western: ['SPR-GAGE-02', 'SVC-GAGE-01'],
  empire: ['SPR-GAGE-03'],
  riverside: ['SPR-GAGE-03'],
  fulton: ['SPR-GAGE-01'],
  brantner: ['SPR-GAGE-04'],
  meadow: ['SPR-GAGE-01', 'SVC-GAGE-01'],
  'gilcrest-aug': ['SPR-GAGE-02'],
  'hudson-aug': ['BEC-GAGE-01', 'LC-GAGE-01'],
  'milliken-aug': ['BT-GAGE-01'],
  'evans-rch': ['CLP-GAGE-01'],
};

export const WEATHER_SPECS = [
  { id: 'WX-01', name: 'Gilcrest Weather Station', lon: -104.76, lat: 40.275 },
  { id: 'WX-02', name: 'Fort Lupton Weather Station', lon: -104.82, lat: 40.07 },
  { id: 'WX-03', name: 'Kersey Weather Station', lon: -104.55, lat: 40.37 },
] as const;
