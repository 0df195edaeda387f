/**
 * The packages the server bundle leaves to node_modules; every other dependency is bundled into
 * dist/server, so the image's runtime stage carries these alone (scripts/build/runtime-modules.mjs).
 * Native addons cannot be bundled (better-sqlite3, sharp and its libvips), heic-decode is loaded by path
 * inside a worker thread (server/site/photos/heic.ts), and pg-native is pg's optional binding, never installed.
 */
export const SERVER_EXTERNALS = ['better-sqlite3', 'sharp', 'heic-decode'];
export const NEVER_INSTALLED = ['pg-native'];
