/** The lookups module's public entry: which lookup lists it serves. */
export { LOOKUP_ITEMS_AS_LISTS } from './lookups.routes';
