/** The facilities module's public entry: which facilities a user may see. */
export { facilitiesForUser } from './facilities.service';
