import type { Server } from 'node:http';
import request from 'supertest';
import { DOCUMENT_DATA_ID, type DocumentData } from '../../shared/document';
import type { ScreenData } from '../../shared/page-data';

export type Fields = Record<string, string | string[]>;

/** A form's body as a browser sends it: repeated keys for a multi-select. */
export function encodeForm(fields: Fields): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return body.toString();
}

/** The page data a document carries to the browser (what the page renders from). */
export function documentData(html: string): DocumentData {
  const match = new RegExp(`<script type="application/json" id="${DOCUMENT_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!match) throw new Error('no page data in the document');
  return JSON.parse(match[1]!) as DocumentData;
}

/** The inquiry's screen data in a page of a locale. */
export const inquiryScreen = (html: string, locale: string) => documentData(html).hydration.loaderData[`inquiry___${locale}`] as ScreenData<'inquiry'>;

/**
 * A browser without JavaScript on the site: its cookies kept (and sent by their Path, as a browser
 * does), a post made from one of the site's pages, and a 303 followed with a GET as a browser follows it.
 */
export function plainBrowser(server: Server) {
  const agent = request.agent(server);
  const post = (path: string, fields: Fields) => agent.post(path).set('Sec-Fetch-Site', 'same-origin').type('form').send(encodeForm(fields));
  /** A multipart post, as a form with a file input sends it: its fields, and each photo as a file part. */
  const postPhotos = (path: string, fields: Fields, photos: readonly { name: string; bytes: Buffer }[]) => {
    let req = agent.post(path).set('Sec-Fetch-Site', 'same-origin');
    for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) req = req.field(key, v);
    for (const photo of photos) req = req.attach('photos', photo.bytes, photo.name);
    return req;
  };
  return {
    post,
    postPhotos,
    get: (path: string) => agent.get(path),
    /** A step's post that must be answered with a 303: the page it leads to. */
    async step(path: string, fields: Fields) {
      const answer = await post(path, fields);
      if (answer.status !== 303) throw new Error(`${path} answered ${answer.status}, not 303`);
      const location = answer.headers.location as string;
      return { answer, location, page: await agent.get(location) };
    },
  };
}
