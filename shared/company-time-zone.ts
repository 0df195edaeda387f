/**
 * The company works in Slovenia and Austria: the times its mails, staff screens and visitors' lists
 * show are its local time, on server and browser alike (so a hydrated screen reads what the server wrote).
 */
export const COMPANY_TIME_ZONE = 'Europe/Ljubljana';
