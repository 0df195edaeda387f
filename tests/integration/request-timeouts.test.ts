import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequest, rawConnection } from '../support/raw-http';
import { startTestSite } from './helpers';

/**
 * A client that sends its headers or its body too slowly is answered 408 and its connection closed
 * after HEADERS_TIMEOUT_S and REQUEST_TIMEOUT_S (Node's default would hold it for 300 s), and nothing
 * above debug is logged for it: a slow client is no error of the site's.
 */

const logLines: string[] = [];
let site: Awaited<ReturnType<typeof startTestSite>>;
beforeAll(async () => {
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  site = await startTestSite({ HEADERS_TIMEOUT_S: '1', REQUEST_TIMEOUT_S: '2', KEEP_ALIVE_TIMEOUT_S: '70' }, logger);
});
afterAll(() => site?.stop());

const warningsAndErrors = () => logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40);

describe('request timeouts', () => {
  it('tells keep-alive clients how long an idle connection stays open', async () => {
    const connection = await rawConnection(site.url);
    connection.write(getRequest('/healthz'));
    const answer = await connection.response(0);
    expect(answer.headers.connection).toBe('keep-alive');
    expect(answer.headers['keep-alive']).toBe('timeout=70');
    connection.destroy();
  });

  it('answers 408 and closes the connection when the headers do not arrive in time', async () => {
    const connection = await rawConnection(site.url);
    connection.write('GET /en HTTP/1.1\r\nHost: localhost\r\n');
    await connection.whenClosed();
    const [answer] = connection.responses();
    expect(answer!.status).toBe(408);
    expect(answer!.headers.connection).toBe('close');
    expect(answer!.body).toContain('Zahteva je potekla');
    expect(connection.errors).toEqual([]);
    expect(warningsAndErrors()).toEqual([]);
  });

  it('answers 408 and closes the connection when a form body does not arrive in time', async () => {
    const connection = await rawConnection(site.url);
    connection.write(
      'POST /sl/servis HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: same-origin\r\n' +
        'Content-Length: 500\r\n\r\nphone=%2B386',
    );
    await connection.whenClosed();
    const [answer] = connection.responses();
    expect(answer!.status).toBe(408);
    expect(answer!.headers.connection).toBe('close');
    expect(connection.errors).toEqual([]);
    expect(warningsAndErrors()).toEqual([]);
  });
});
