/**
 * Names shown in the chrome. ClientConfig does not carry a district name yet, so it lives
 * here in one place; swap it for a config field when the server offers one.
 */
export const DISTRICT_NAME = 'Riverbend Water and Sanitation District';
export const APP_NAME = 'Water Resources Portal';
export const APP_SHORT_NAME = 'Water Portal';
export const TAGLINE = 'A System for Real-time Data Collection, Management, Visualization and Analytic';
