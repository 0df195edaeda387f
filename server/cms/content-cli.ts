import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../lib/settings';
import { loadCmsSettings } from './settings';
import { ContentError, parseContent, readContentTexts, type ContentTexts } from './content';
import { contentFileOf, contentTexts, exportContent, hasContent } from './content-export';
import { backupData } from './backup';
import { openDb } from './db';
import { migrate } from './migrations';
import { storeContent } from './seed';

/**
 * The content's command line (`npm run content:export -- <folder>`, `npm run content:import -- <folder>`,
 * `npm run backup -- [folder]`; in the content API's container `node dist/server/content.js …`). It
 * opens the content API's database in DATA_DIR beside a running content API (WAL lets both work).
 */

const USAGE = `Usage: npm run content:export -- <folder>   the current content, in the seed's format (like content/)
       npm run content:import -- <folder>   a folder in the seed's format into an empty database
       npm run backup -- [folder]           a consistent copy of the database and media (default DATA_DIR/backups/<time>)`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let dataDir: string;
try {
  dataDir = loadCmsSettings().DATA_DIR;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message);
}

const [command, folder] = process.argv.slice(2);
const db = openDb(dataDir);
try {
  migrate(db);
  switch (command) {
    case 'export': {
      if (!folder) fail(USAGE);
      if (!hasContent(db)) fail(`The database in ${resolve(dataDir)} holds no content yet.`);
      const texts = contentTexts(exportContent(db));
      for (const [key, text] of Object.entries(texts)) {
        const file = join(folder, contentFileOf(key as keyof ContentTexts));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
      // What was written must load again: the export is only useful as a seed folder.
      parseContent(folder, readContentTexts(folder));
      console.log(`The content is in ${resolve(folder)}.`);
      break;
    }
    case 'import': {
      if (!folder) fail(USAGE);
      const content = parseContent(folder, readContentTexts(folder));
      // Only into an empty database: whatever editors changed in a filled one is not overwritten by a file.
      const imported = db
        .transaction(() => {
          if (hasContent(db)) return false;
          storeContent(db, content, new Date());
          return true;
        })
        .immediate();
      if (!imported) fail(`The database in ${resolve(dataDir)} already holds content; import into an empty DATA_DIR.`);
      console.log(`${resolve(folder)} is imported into ${resolve(dataDir)}.`);
      break;
    }
    case 'backup': {
      const target = resolve(folder ?? join(dataDir, 'backups', new Date().toISOString().replace(/[:.]/g, '-')));
      if (existsSync(target) && readdirSync(target).length > 0) fail(`${target} is not empty.`);
      backupData(db, dataDir, target);
      console.log(`The backup is in ${target}.`);
      break;
    }
    default:
      fail(USAGE);
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  fail(error.message);
} finally {
  db.close();
}
