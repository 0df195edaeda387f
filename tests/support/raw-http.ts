import net from 'node:net';
import { until } from './until';

/**
 * One HTTP/1.1 connection driven byte by byte, to see what an HTTP client library hides: when a
 * request is only half sent, which answers came on the same connection, their `Connection` header,
 * and how the connection ended (closed by the server, or reset).
 */
type RawResponse = { status: number; headers: Record<string, string>; body: string };

export type RawConnection = {
  write(text: string): void;
  /** The answers received so far, complete ones only (a `100 Continue` counts as one). */
  responses(): RawResponse[];
  /** The next complete answer after the `index`-th, once it is there. */
  response(index: number): Promise<RawResponse>;
  /** Everything received, as text. */
  received(): string;
  closed(): boolean;
  /** The errors the connection saw: an ECONNRESET here means the server reset it. */
  errors: Error[];
  whenClosed(timeoutMs?: number): Promise<void>;
  destroy(): void;
};

export async function rawConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let data = Buffer.alloc(0);
  let isClosed = false;
  const errors: Error[] = [];
  socket.on('data', (chunk: Buffer) => (data = Buffer.concat([data, chunk])));
  socket.on('error', (error) => errors.push(error));
  socket.on('close', () => (isClosed = true));
  const responses = () => parseResponses(data);
  return {
    write: (text) => void socket.write(text),
    responses,
    async response(index) {
      await until(`answer ${index} arrived`, () => responses().length > index || isClosed);
      const answer = responses()[index];
      if (!answer) throw new Error(`the connection closed before answer ${index}:\n${data.toString('latin1')}`);
      return answer;
    },
    received: () => data.toString('utf8'),
    closed: () => isClosed,
    errors,
    whenClosed: (timeoutMs) => until('the connection closed', () => isClosed, timeoutMs),
    destroy: () => socket.destroy(),
  };
}

/** A request as a browser would send it, keep-alive (HTTP/1.1's default). */
export function getRequest(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
}

function parseResponses(data: Buffer): RawResponse[] {
  const answers: RawResponse[] = [];
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return answers;
    const [statusLine, ...lines] = data.toString('latin1', at, headEnd).split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)?.[1]);
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    let bodyAt = headEnd + 4;
    let body: Buffer;
    if (status === 100 || status === 304 || status === 204) {
      body = Buffer.alloc(0);
    } else if (headers['transfer-encoding'] === 'chunked') {
      const chunks: Buffer[] = [];
      for (;;) {
        const sizeEnd = data.indexOf('\r\n', bodyAt);
        if (sizeEnd < 0) return answers;
        const size = parseInt(data.toString('latin1', bodyAt, sizeEnd), 16);
        if (data.length < sizeEnd + 2 + size + 2) return answers;
        chunks.push(data.subarray(sizeEnd + 2, sizeEnd + 2 + size));
        bodyAt = sizeEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(chunks);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (data.length < bodyAt + length) return answers;
      body = data.subarray(bodyAt, bodyAt + length);
      bodyAt += length;
    }
    answers.push({ status, headers, body: body.toString('utf8') });
    at = bodyAt;
  }
}

/**
 * One request on a connection of its own, its bytes exactly as given (a body that does not match its
 * head, a cut one): resolves with its answer's status once the status line has come, then closes the
 * connection. `gone`: the sender goes away right after writing, and it resolves null. Rejects, naming
 * `what`, when the connection ends without an answer.
 */
export function sendRaw(
  url: string,
  head: string,
  body: Uint8Array,
  { gone = false, what = head.split('\r\n')[0] }: { gone?: boolean; what?: string } = {},
): Promise<number | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body);
      if (gone) setImmediate(() => (socket.destroy(), resolve(null)));
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', (error) => (gone ? resolve(null) : reject(new Error(`${what}: ${error.message}`))));
    socket.on('close', () => (gone ? resolve(null) : reject(new Error(`${what}: closed without an answer`))));
  });
}
