import type { DisplayFacility } from '@portal/contracts';
import type { Db } from '../../db/client';

/** Facilities for navigation; `userId` limits them to those the user is authorised for. */
export async function listDisplayFacilities(db: Db, filter: { userId?: string; facilityNdx?: number }): Promise<DisplayFacility[]> {
  let q = db
    .selectFrom('facility as f')
    .innerJoin('facility_type as ft', 'ft.facility_type_ndx', 'f.facility_type_ndx')
    .select(['f.facility_ndx', 'f.facility_name', 'f.facility_type_ndx', 'ft.facility_type_desc', 'f.display_order'])
    .orderBy('ft.facility_type_desc')
    .orderBy('f.display_order')
    .orderBy('f.facility_name');
  if (filter.userId !== undefined) {
    const userId = filter.userId;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('user_facility as uf').select('uf.facility_ndx').whereRef('uf.facility_ndx', '=', 'f.facility_ndx').where('uf.user_id', '=', userId)),
    );
  }
  if (filter.facilityNdx !== undefined) q = q.where('f.facility_ndx', '=', filter.facilityNdx);
  return q.execute();
}
