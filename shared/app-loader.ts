/**
 * The loader script's element and its attributes: the app's entry module and the modules it imports
 * (space-separated), which the loader (client/boot.ts) asks for once the page has been painted. Apart
 * from shared/document.ts so the loader imports nothing the app's entry shares (no extra chunk).
 */
export const APP_LOADER_ID = '__app';
export const APP_ENTRY_ATTRIBUTE = 'data-entry';
export const APP_MODULES_ATTRIBUTE = 'data-modules';
