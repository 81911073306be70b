/** Messages shared by the editing pages (alerts, contacts, groups, setup pages), word for word. */
export const EDIT_MESSAGES = {
  required: '*Required field',
  created: 'New entry was saved to the database',
  updated: 'New data was updated to the database',
  deleted: 'This entry was deleted from the database',
  failed: 'Something went wrong',
  associationsSaved: 'Associations successfully saved.',
  associationsFailed: 'Associations could not be saved.',
} as const;
