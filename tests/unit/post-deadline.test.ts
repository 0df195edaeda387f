import express, { type Request } from 'express';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { postDeadline } from '../../server/site/http/post-deadline';
import { toFetchRequest } from '../../server/site/request/fetch-request';
import { rawConnection } from '../support/raw-http';

/**
 * Every post is answered by its deadline, whatever holds it (issue 24, point 3): 503 with Retry-After
 * once its body is in, 408 while it is still arriving; its connection closes; the work started for it
 * is told to stop (its Fetch request aborted), while the answer's own work (an error page) is not.
 */
describe('the post deadline', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  /** An app whose posts are never answered by their handler; `seen` gets the Fetch requests made for them. */
  function held(ms: number) {
    const seen: { work?: globalThis.Request; answer?: globalThis.Request } = {};
    const app = express();
    app.use(
      postDeadline({
        ms,
        refuse: (req, res, status) => {
          seen.answer = toFetchRequest(req, res, 'http://localhost');
          res.status(status).send(`deadline ${status}`);
        },
      }),
    );
    app.get('/page', (_req, res) => void res.send('read'));
    app.post('/form', express.urlencoded({ extended: false }), (req: Request, res) => {
      seen.work = toFetchRequest(req, res, 'http://localhost');
    });
    app.post('/slow', () => {});
    return { app, seen };
  }

  it('answers a post whose body is in with 503, closes its connection and aborts its work, not its answer', async () => {
    const { app, seen } = held(200);
    const res = await request(app).post('/form').set('Sec-Fetch-Site', 'same-origin').type('form').send('phone=041');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers.connection).toBe('close');
    expect(seen.work!.signal.aborted).toBe(true);
    expect(seen.answer!.signal.aborted).toBe(false);
  });

  it('answers a post whose body is still arriving with 408 and closes its connection', async () => {
    const { app } = held(200);
    const server = app.listen(0, '127.0.0.1');
    close = () => server.close();
    await new Promise((resolve) => server.once('listening', resolve));
    const connection = await rawConnection(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    connection.write('POST /slow HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nphone=');
    const answer = await connection.response(0);
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    await connection.whenClosed();
  });

  it('leaves what is not a post alone', async () => {
    const { app } = held(50);
    expect((await request(app).get('/page')).text).toBe('read');
  });
});
