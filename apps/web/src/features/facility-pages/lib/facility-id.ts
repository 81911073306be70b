/** Route ids are positive whole numbers within PostgreSQL's integer; anything else never reaches the API. */
export function parseFacilityId(id: string | undefined): number | null {
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return null;
  const n = Number(id);
  return n <= 2_147_483_647 ? n : null;
}
