/**
 * The agent socket: WebSocket text frames (RFC 6455) over a Unix socket, on `node:net` alone.
 *
 * The handshake never carries an `Origin` header: the bridge refuses any that does, since only web pages send one.
 */
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OP_CONTINUATION = 0x0;
const OP_TEXT = 0x1;
const OP_BINARY = 0x2;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;
const MAX_MESSAGE = 256 * 1024 * 1024;

/**
 * The agent socket the tabwright CLI uses: `$TABWRIGHT_SOCKET`, else `$XDG_RUNTIME_DIR/tabwright/agent.sock`, else
 * `<tmp>/tabwright-<uid>/agent.sock`.
 */
export function defaultSocket(env: NodeJS.ProcessEnv = process.env): string {
  if (env['TABWRIGHT_SOCKET']) return env['TABWRIGHT_SOCKET'];
  if (env['XDG_RUNTIME_DIR']) return path.join(env['XDG_RUNTIME_DIR'], 'tabwright', 'agent.sock');
  const tmp = env['TMPDIR'] || '/tmp';
  const uid = typeof process.getuid === 'function' ? process.getuid() : os.userInfo().uid;
  return path.join(tmp, `tabwright-${uid}`, 'agent.sock');
}

/** The agent socket could not be used: nothing answers there, or the connection broke. */
export class BridgeError extends Error {
  override name = 'BridgeError';
}

/**
 * The connection broke while idle (its bridge went away between two requests), and the request was not sent: the
 * bridge that answers on the socket now may serve another browser.
 */
export class ConnectionBroke extends BridgeError {
  override name = 'ConnectionBroke';
}

/** The bridge answered a request with an error. */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** The handshake request: no `Origin` header. */
export function handshakeRequest(key: string): string {
  return (
    'GET / HTTP/1.1\r\n' +
    'Host: localhost\r\n' +
    'Upgrade: websocket\r\n' +
    'Connection: Upgrade\r\n' +
    `Sec-WebSocket-Key: ${key}\r\n` +
    'Sec-WebSocket-Version: 13\r\n' +
    '\r\n'
  );
}

/** Throws unless `head` (the response up to its blank line) accepts the handshake made with `key`. */
export function checkHandshake(key: string, head: string): void {
  const lines = head.split('\r\n');
  const status = (lines[0] ?? '').split(' ');
  if (status[1] !== '101') throw new BridgeError(`the bridge refused the WebSocket handshake: ${JSON.stringify(lines[0])}`);
  const expected = createHash('sha1')
    .update(key + ACCEPT_GUID)
    .digest('base64');
  const accept = lines
    .slice(1)
    .map((l) => l.split(/:(.*)/s))
    .find(([name]) => name?.trim().toLowerCase() === 'sec-websocket-accept')?.[1]
    ?.trim();
  if (accept !== expected) {
    throw new BridgeError('the bridge answered the WebSocket handshake with a wrong Sec-WebSocket-Accept');
  }
}

/** One final, masked client frame. */
export function encodeFrame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  let head: Buffer;
  if (n < 126) {
    head = Buffer.from([0x80 | opcode, 0x80 | n]);
  } else if (n < 65536) {
    head = Buffer.alloc(4);
    head[0] = 0x80 | opcode;
    head[1] = 0x80 | 126;
    head.writeUInt16BE(n, 2);
  } else {
    head = Buffer.alloc(10);
    head[0] = 0x80 | opcode;
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  const mask = randomBytes(4);
  const body = Buffer.alloc(n);
  for (let i = 0; i < n; i++) body[i] = payload[i]! ^ mask[i & 3]!;
  return Buffer.concat([head, mask, body]);
}

/** Reads server frames out of a byte stream and turns them into messages. */
export class FrameReader {
  #buffer: Buffer = Buffer.alloc(0);
  #parts: Buffer[] = [];
  #size = 0;

  /**
   * Takes in bytes; returns the complete text messages they finish and the control frames to send back. Throws
   * `BridgeError` on a close frame or a malformed stream.
   */
  push(data: Buffer): { messages: string[]; replies: Buffer[] } {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, data]) : data;
    const messages: string[] = [];
    const replies: Buffer[] = [];
    for (;;) {
      const b = this.#buffer;
      if (b.length < 2) break;
      const first = b[0]!;
      const second = b[1]!;
      if (second & 0x80) throw new BridgeError('the bridge sent a masked frame');
      let at = 2;
      let n = second & 0x7f;
      if (n === 126) {
        if (b.length < 4) break;
        n = b.readUInt16BE(2);
        at = 4;
      } else if (n === 127) {
        if (b.length < 10) break;
        const big = b.readBigUInt64BE(2);
        if (big > BigInt(MAX_MESSAGE)) throw new BridgeError('the bridge sent a frame larger than 256 MiB');
        n = Number(big);
        at = 10;
      }
      if (b.length < at + n) break;
      const payload = b.subarray(at, at + n);
      this.#buffer = b.subarray(at + n);
      const opcode = first & 0x0f;
      const fin = (first & 0x80) !== 0;
      if (opcode === OP_PING) {
        replies.push(encodeFrame(OP_PONG, Buffer.from(payload)));
        continue;
      }
      if (opcode === OP_PONG) continue;
      if (opcode === OP_CLOSE) {
        // A close frame: a 2-byte code, then the reason in UTF-8.
        const reason = payload.length > 2 ? Buffer.from(payload.subarray(2)).toString('utf8') : '';
        throw new BridgeError(reason ? `the bridge closed the connection: ${reason}` : 'the bridge closed the connection');
      }
      if (opcode === OP_TEXT || opcode === OP_BINARY) {
        this.#parts = [];
        this.#size = 0;
      } else if (opcode !== OP_CONTINUATION) {
        throw new BridgeError(`the bridge sent a frame with unknown opcode ${opcode}`);
      }
      this.#parts.push(Buffer.from(payload));
      this.#size += n;
      if (this.#size > MAX_MESSAGE) throw new BridgeError('the bridge sent a message larger than 256 MiB');
      if (fin) {
        messages.push(Buffer.concat(this.#parts).toString('utf8'));
        this.#parts = [];
        this.#size = 0;
      }
    }
    return { messages, replies };
  }
}

function unreachable(socketPath: string, error: unknown): BridgeError {
  const why = error instanceof Error ? error.message : String(error);
  return new BridgeError(
    `no tabwright bridge answers at ${socketPath} (${why}). Start a browser with \`tabwright launch\`, or pass the socket it printed (its \`ready <socket>\` line).`,
  );
}

type Pending = { id: number; resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void };

/** A connection to the agent socket, opened on first use and again after it breaks. Requests run one at a time. */
export class Connection {
  readonly path: string;
  #socket: net.Socket | null = null;
  #opening: Promise<net.Socket> | null = null;
  #pending: Pending | null = null;
  /** A connection broke with no request waiting on it, and none has been opened since. */
  #brokeIdle = false;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  constructor(socketPath?: string) {
    this.path = socketPath ?? defaultSocket();
  }

  #open(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const key = randomBytes(16).toString('base64');
      const socket = net.createConnection(this.path);
      let head = Buffer.alloc(0);
      let done = false;
      const fail = (error: Error) => {
        if (done) return;
        done = true;
        socket.destroy();
        reject(error);
      };
      socket.once('error', (e) => fail(unreachable(this.path, e)));
      socket.once('close', () => fail(new BridgeError('the bridge closed the connection during the WebSocket handshake')));
      socket.once('connect', () => socket.write(handshakeRequest(key)));
      const onData = (chunk: Buffer) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) {
          if (head.length > 65536) fail(new BridgeError("the bridge's handshake answer is too long"));
          return;
        }
        socket.off('data', onData);
        try {
          checkHandshake(key, head.subarray(0, end).toString('latin1'));
        } catch (e) {
          fail(e as Error);
          return;
        }
        if (head.length > end + 4) {
          fail(new BridgeError('the bridge sent data before the first request'));
          return;
        }
        done = true;
        socket.removeAllListeners('error');
        socket.removeAllListeners('close');
        this.#serve(socket);
        resolve(socket);
      };
      socket.on('data', onData);
    });
  }

  /** Routes the frames of an open connection to the request waiting for them. */
  #serve(socket: net.Socket): void {
    const reader = new FrameReader();
    const broken = (error: Error) => {
      if (this.#socket === socket) {
        this.#socket = null;
        if (!this.#pending) this.#brokeIdle = true;
      }
      socket.destroy();
      const pending = this.#pending;
      this.#pending = null;
      pending?.reject(error);
    };
    socket.on('data', (chunk: Buffer) => {
      let out: { messages: string[]; replies: Buffer[] };
      try {
        out = reader.push(chunk);
      } catch (e) {
        broken(e as Error);
        return;
      }
      for (const reply of out.replies) socket.write(reply);
      for (const text of out.messages) this.#deliver(text);
    });
    socket.on('error', (e) => broken(new BridgeError(`the connection to the bridge at ${this.path} broke: ${e.message}`)));
    socket.on('close', () => broken(new BridgeError('the bridge closed the connection')));
  }

  #deliver(text: string): void {
    const pending = this.#pending;
    let reply: any;
    try {
      reply = JSON.parse(text);
    } catch (e) {
      if (pending) {
        this.#pending = null;
        pending.reject(new BridgeError(`the bridge sent a reply that is not JSON: ${(e as Error).message}`));
      }
      return;
    }
    // A reply to a request given up on (another id) is skipped.
    if (!pending || reply?.id !== pending.id) return;
    this.#pending = null;
    if (reply.error && typeof reply.error === 'object') {
      pending.reject(new RequestError(String(reply.error.code ?? 'error'), String(reply.error.message ?? '')));
    } else if (reply.result && typeof reply.result === 'object') {
      pending.resolve(reply.result);
    } else {
      pending.reject(new BridgeError(`the bridge sent a reply without a result: ${text.slice(0, 200)}`));
    }
  }

  async #socketReady(): Promise<net.Socket> {
    if (this.#socket && !this.#socket.destroyed) return this.#socket;
    if (!this.#opening) {
      this.#opening = this.#open().finally(() => {
        this.#opening = null;
      });
    }
    this.#socket = await this.#opening;
    return this.#socket;
  }

  /**
   * Sends one request and resolves to its `result`. A refused request rejects with `RequestError`, a missing or
   * broken bridge with `BridgeError`.
   */
  request(method: string, params: Record<string, unknown>, options: { reopen?: boolean } = {}): Promise<Record<string, unknown>> {
    const run = async () => {
      // A connection that broke while idle is opened again, unless the caller would first check who answers now.
      if (this.#brokeIdle && options.reopen === false) {
        throw new ConnectionBroke(`the connection to the bridge at ${this.path} broke while idle`);
      }
      this.#brokeIdle = false;
      const socket = await this.#socketReady();
      const id = this.#nextId++;
      const frame = encodeFrame(OP_TEXT, Buffer.from(JSON.stringify({ id, method, params }), 'utf8'));
      return new Promise<Record<string, unknown>>((resolve, reject) => {
        this.#pending = { id, resolve, reject };
        socket.write(frame);
      });
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** Closes the connection; a later request opens a new one. */
  close(): void {
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.removeAllListeners('close');
      socket.end();
      socket.destroy();
    }
  }
}
