/** Query & Download's public entry: how a text cell is written in its CSV, which the open data API's CSV shares. */
export { csvTextCellSql } from './query-download.repository';
