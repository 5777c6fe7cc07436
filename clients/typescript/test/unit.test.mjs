// Unit tests of the tabwright TypeScript client that need no browser: the framing, the handshake, and a whole member
// call through the SDK's pipeline against a stand-in bridge on a Unix socket.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import * as os from 'node:os';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { encodeFrame, FrameReader, handshakeRequest, checkHandshake, defaultSocket } from '../dist/socket.js';
import { TabwrightBrowser, BridgeUnavailable, askInBrowser, dialogOf } from '../dist/index.js';

const TAB = { tab_id: 'tab-1', title: 'Form', url: 'http://127.0.0.1/form.html', active: true };

function unmask(frame) {
  assert.ok(frame[1] & 0x80, 'client frames are masked');
  let n = frame[1] & 0x7f;
  let at = 2;
  if (n === 126) [n, at] = [frame.readUInt16BE(2), 4];
  else if (n === 127) [n, at] = [Number(frame.readBigUInt64BE(2)), 10];
  const mask = frame.subarray(at, at + 4);
  const payload = Buffer.from(frame.subarray(at + 4));
  assert.equal(payload.length, n);
  for (let i = 0; i < n; i++) payload[i] ^= mask[i & 3];
  return { opcode: frame[0] & 0x0f, payload };
}

/** An unmasked server frame. */
function serverFrame(opcode, payload, fin = true) {
  const n = payload.length;
  const head = n < 126 ? Buffer.from([(fin ? 0x80 : 0) | opcode, n]) : Buffer.from([(fin ? 0x80 : 0) | opcode, 126, n >> 8, n & 255]);
  return Buffer.concat([head, payload]);
}

test('frames round-trip at every length encoding', () => {
  for (const n of [0, 1, 125, 126, 65535, 65536, 200000]) {
    const payload = Buffer.alloc(n, 7);
    const { opcode, payload: back } = unmask(encodeFrame(1, payload));
    assert.equal(opcode, 1);
    assert.ok(back.equals(payload), `length ${n}`);
  }
});

test('fragments are joined, pings answered, and a frame split across reads is waited for', () => {
  const reader = new FrameReader();
  const all = Buffer.concat([serverFrame(1, Buffer.from('{"a":'), false), serverFrame(9, Buffer.from('hi')), serverFrame(0, Buffer.from('1}'))]);
  const first = reader.push(all.subarray(0, 5));
  assert.deepEqual(first.messages, []);
  const rest = reader.push(all.subarray(5));
  assert.deepEqual(rest.messages, ['{"a":1}']);
  assert.equal(rest.replies.length, 1);
  assert.deepEqual(unmask(rest.replies[0]), { opcode: 0xa, payload: Buffer.from('hi') });
  assert.throws(() => reader.push(serverFrame(8, Buffer.alloc(0))), /closed/);
  // A close frame's reason (after its 2-byte code) is the error's.
  const away = Buffer.concat([Buffer.from([0x03, 0xe9]), Buffer.from('The browser exited')]);
  assert.throws(() => new FrameReader().push(serverFrame(8, away)), /closed the connection: The browser exited/);
});

test('the handshake sends no Origin and checks the accept key', () => {
  const key = 'dGhlIHNhbXBsZSBub25jZQ==';
  assert.ok(!/origin/i.test(handshakeRequest(key)));
  const accept = createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  checkHandshake(key, `HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: ${accept}`);
  assert.throws(() => checkHandshake(key, 'HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: nope'), /Accept/);
  assert.throws(() => checkHandshake(key, 'HTTP/1.1 403 Forbidden'), /refused/);
});

test('the default socket follows the CLI', () => {
  assert.equal(defaultSocket({ TABWRIGHT_SOCKET: '/x/agent.sock' }), '/x/agent.sock');
  assert.equal(defaultSocket({ XDG_RUNTIME_DIR: '/run/user/7' }), '/run/user/7/tabwright/agent.sock');
  assert.equal(defaultSocket({ TMPDIR: '/scratch' }), `/scratch/tabwright-${process.getuid()}/agent.sock`);
});

test('dialog lines are read back, other lines are not', () => {
  assert.deepEqual(dialogOf('A confirm dialog "Delete \\"all\\"?" was dismissed.'), { type: 'dialog_dismissed', kind: 'confirm', message: 'Delete "all"?' });
  assert.deepEqual(dialogOf('An alert dialog was dismissed.'), { type: 'dialog_dismissed', kind: 'alert', message: '' });
  assert.deepEqual(dialogOf('An alert dialog "Hi" was dismissed in tab-12.'), { type: 'dialog_dismissed', kind: 'alert', message: 'Hi' });
  assert.equal(dialogOf('An alert dialog "Hi" was dismissed in tab-x.'), undefined);
  assert.equal(dialogOf('A beforeunload dialog was accepted, so the page could be left.'), undefined);
});

/** A stand-in bridge on a Unix socket: answers each request from `answer(request)`, records every request and handshake. */
async function fakeBridge(answer, at) {
  const dir = at ? path.dirname(at) : fs.mkdtempSync(path.join(os.tmpdir(), 'tabwright-ts-'));
  const socketPath = at ?? path.join(dir, 'agent.sock');
  const seen = { requests: [], handshakes: [] };
  const conns = new Set();
  const server = net.createServer((sock) => {
    conns.add(sock);
    let buffer = Buffer.alloc(0);
    let open = false;
    sock.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!open) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString();
        seen.handshakes.push(head);
        const key = /Sec-WebSocket-Key: (.*)/i.exec(head)[1].trim();
        const accept = createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
        sock.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
        buffer = buffer.subarray(end + 4);
        open = true;
      }
      while (buffer.length >= 6) {
        let n = buffer[1] & 0x7f;
        let at = 2;
        if (n === 126) [n, at] = [buffer.readUInt16BE(2), 4];
        if (buffer.length < at + 4 + n) return;
        const { payload } = unmask(buffer.subarray(0, at + 4 + n));
        buffer = buffer.subarray(at + 4 + n);
        const request = JSON.parse(payload.toString());
        seen.requests.push(request);
        const reply = answer(request);
        const body = Buffer.from(JSON.stringify({ id: request.id, ...reply }));
        sock.write(serverFrame(1, body));
      }
    });
  });
  await new Promise((resolve) => server.listen(socketPath, resolve));
  const stop = () => { server.close(); for (const c of conns) c.destroy(); };
  return { socketPath, seen, stop, close: () => { stop(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

const use = (name, input) => ({ type: 'tool_use', id: 'toolu_1', name, input, toolset_name: 'browser' });
const reply = (outcome, state = {}) => ({ result: { outcome, state: { tabs: [TAB], changes: [], notices: [], ...state } } });

test('a call goes out as a member request and comes back through the SDK pipeline', async () => {
  const bridge = await fakeBridge(() =>
    reply({ ok: { kind: 'ack' } }, { changes: [{ type: 'download_started', download_id: 'dl-1', url: 'http://x/a.csv' }], notices: ['Download dl-1 started: "a.csv".'] }),
  );
  const browser = new TabwrightBrowser({ socket: bridge.socketPath });
  try {
    const block = await browser.toolResult(use('left_click', { target: { type: 'ref', ref: 'ref_3' } }));
    assert.deepEqual(bridge.seen.requests.map((r) => [r.method, r.params]), [['member', { name: 'left_click', input: { target: { type: 'ref', ref: 'ref_3' } } }]]);
    assert.ok(!/origin/i.test(bridge.seen.handshakes[0]));
    assert.equal(block.toolset_name, 'browser');
    assert.equal(block.is_error, undefined);
    assert.deepEqual(block.content[0], { type: 'text', text: 'Clicked.' });
    assert.deepEqual(block.content[1], { type: 'text', text: 'Download dl-1 started: "a.csv".' }, 'the API renders no download entry: the text says it');
    const state = block.content.at(-1);
    assert.equal(state.type, 'browser_state');
    assert.deepEqual(state.state_changes, [{ type: 'download_started', download_id: 'dl-1', url: 'http://x/a.csv' }]);
  } finally {
    await browser.close();
    bridge.close();
  }
});

test('each outcome kind reaches the model as the SDK renders it, and notices wait for a text result', async () => {
  const refused = 'A navigation was refused. The browsing policy does not allow http://x/.';
  const answers = [
    reply({ ok: { kind: 'navigated', url: TAB.url, title: 'Form', status: 200 } }),
    reply({ ok: { kind: 'image', media_type: 'image/jpeg', data: 'AAAA' } }, { notices: [refused, 'An alert dialog "hi" was dismissed.'] }),
    reply({ ok: { kind: 'text', text: 'Hello' } }),
    reply({ ok: { kind: 'tab', tab_id: 'tab-1' } }, { changes: [{ type: 'tab_opened', tab_id: 'tab-1' }] }),
    reply({ error: 'ref_9 is stale or not found on the current page.' }),
  ];
  const bridge = await fakeBridge(() => answers.shift());
  const browser = new TabwrightBrowser({ socket: bridge.socketPath });
  try {
    const nav = await browser.toolResult(use('navigate', { url: TAB.url }));
    assert.equal(nav.content[0].text, `Navigated to ${TAB.url} — Form (HTTP 200)`);
    const shot = await browser.toolResult(use('screenshot', {}));
    assert.deepEqual(shot.content[0], { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } });
    assert.ok(shot.content.some((b) => b.type === 'text' && b.text === 'An alert dialog "hi" was dismissed.'), JSON.stringify(shot.content));
    const text = await browser.toolResult(use('get_page_text', {}));
    assert.equal(text.content[0].text, `${refused}\n\nHello`);
    const tab = await browser.toolResult(use('new_tab', {}));
    assert.equal(tab.content.length, 1);
    assert.deepEqual(tab.content[0].state_changes, [{ type: 'tab_opened', tab_id: 'tab-1' }]);
    const failed = await browser.toolResult(use('left_click', { target: { type: 'ref', ref: 'ref_9' } }));
    assert.equal(failed.is_error, true);
    assert.deepEqual(failed.content, [{ type: 'text', text: 'ref_9 is stale or not found on the current page.' }]);
  } finally {
    await browser.close();
    bridge.close();
  }
});

test('a navigate that loaded no page is not said to have gone there', async () => {
  const said = 'http://x/a.csv started a download instead of loading a page; the tab stays where it was.';
  const bridge = await fakeBridge(() => reply({ ok: { kind: 'text', text: said } }, { changes: [{ type: 'download_started', download_id: 'dl-1', url: 'http://x/a.csv' }], notices: ['Download dl-1 started: "a.csv".'] }));
  const browser = new TabwrightBrowser({ socket: bridge.socketPath });
  try {
    const block = await browser.toolResult(use('navigate', { url: 'http://x/a.csv' }));
    assert.equal(block.is_error, true);
    assert.deepEqual(block.content, [{ type: 'text', text: `${said}\nDownload dl-1 started: "a.csv".` }]);
  } finally {
    await browser.close();
    bridge.close();
  }
});

test('confirmed is sent only for an SDK-side confirm', async () => {
  for (const [confirm, expected] of [[undefined, undefined], [() => true, true], [askInBrowser, undefined]]) {
    const bridge = await fakeBridge((r) => (r.method === 'member' ? reply({ ok: { kind: 'ack' } }) : { result: { browser_state: { tabs: [TAB] } } }));
    const browser = new TabwrightBrowser({ socket: bridge.socketPath, ...(confirm ? { confirm } : {}) });
    try {
      await browser.toolResult(use('wait', { duration: 1 }));
      assert.equal(bridge.seen.requests[0].params.confirmed, expected);
    } finally {
      await browser.close();
      bridge.close();
    }
  }
});

test('a bridge going away stops the run with its reason, not a result for the model', async () => {
  const why = 'The browser exited (signal: 9 (SIGKILL)), so this call could not be answered.';
  const bridge = await fakeBridge(() => ({ error: { code: 'browser_unavailable', message: why } }));
  const browser = new TabwrightBrowser({ socket: bridge.socketPath });
  try {
    await assert.rejects(browser.toolResult(use('screenshot', {})), (e) => e instanceof BridgeUnavailable && e.message.includes('The browser exited'));
  } finally {
    await browser.close();
    bridge.close();
  }
});

test('a new browser behind a connection that broke while idle is not acted on', async () => {
  const first = await fakeBridge(() => reply({ ok: { kind: 'ack' } }));
  const browser = new TabwrightBrowser({ socket: first.socketPath });
  const blank = { tab_id: TAB.tab_id, title: '', url: 'about:blank', active: true };
  let second;
  try {
    await browser.toolResult(use('wait', { duration: 0 }));
    // `tabwright launch` stopped and run again: another browser answers on the same socket.
    first.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    second = await fakeBridge((r) => (r.method === 'state' ? { result: { browser_state: { tabs: [blank] } } } : reply({ ok: { kind: 'ack' } }, { tabs: [blank] })), first.socketPath);
    await assert.rejects(browser.toolResult(use('type', { text: 'more' })), (e) => e instanceof BridgeUnavailable && e.message.includes('has none of the tabs this conversation used'));
    assert.deepEqual(second.seen.requests.map((r) => r.method), ['state'], 'nothing was run in the other browser');
  } finally {
    await browser.close();
    second?.close();
    first.close();
  }
});

test('a missing bridge stops the run', async () => {
  const browser = new TabwrightBrowser({ socket: '/nonexistent/dir/agent.sock' });
  await assert.rejects(browser.toolResult(use('screenshot', {})), (e) => e instanceof BridgeUnavailable && /tabwright launch/.test(e.message));
});
