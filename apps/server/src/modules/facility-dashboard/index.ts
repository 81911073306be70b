/** The facility dashboard's public entry: a facility's series and their kinds, which the mobile tracker shows too. */
export { listFacilitySeries, listMonthlyDailyStats } from './facility-dashboard.repository';
export { afPerDayFactor, seriesKind } from './series-kind';
