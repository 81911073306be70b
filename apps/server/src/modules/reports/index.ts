/** The reports module's public entry: the batteries report, which the mobile tracker shows too. */
export { batteriesFor } from './reports.service';
