import { ROUTES } from '@portal/contracts';

/** One river photo page: its path, title, the camera key in `camera` and the snapshot's title. */
export interface RiverCamera {
  slug: string;
  path: string;
  title: string;
  snapshotTitle: string;
}

const DAM = 'Flows at Diversion Dam';

export const RIVER_CAMERAS: readonly RiverCamera[] = [
  { slug: 'western', path: ROUTES.RIVER_WESTERN, title: 'Western Mutual Ditch', snapshotTitle: DAM },
  { slug: 'empire', path: ROUTES.RIVER_EMPIRE, title: 'Empire Ditch', snapshotTitle: DAM },
  { slug: 'riverside-dam', path: ROUTES.RIVER_RIVERSIDE_DAM, title: 'Riverside Canal at Dam', snapshotTitle: DAM },
  {
    slug: 'riverside-sand-gate',
    path: ROUTES.RIVER_RIVERSIDE_SAND_GATE,
    title: 'Riverside Canal at Sand Gate',
    snapshotTitle: 'Flows at Sand Gate',
  },
];
