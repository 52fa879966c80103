/**
 * The name of the phone's IndexedDB (the engineer's day and its outbox): the database code
 * (sheet-outbox.ts) and the logout that deletes it (phone-data.ts) both name it, neither loads the other.
 */
export const PHONE_DB = "northside-phone";
