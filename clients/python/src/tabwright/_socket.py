"""The agent socket: WebSocket text frames (RFC 6455) over a Unix socket, with the standard library only.

The handshake never carries an `Origin` header: the bridge refuses any that does, since only web
pages send one.
"""

from __future__ import annotations

import os
import json
import base64
import socket
import asyncio
import hashlib
import threading
from typing import Any, Callable, Awaitable

__all__ = ["default_socket", "BridgeError", "RequestError", "Connection", "AsyncConnection"]

_ACCEPT_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
_OP_CONTINUATION, _OP_TEXT, _OP_BINARY, _OP_CLOSE, _OP_PING, _OP_PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
_MAX_MESSAGE = 256 * 1024 * 1024


def default_socket() -> str:
    """The agent socket the tabwright CLI uses: `$TABWRIGHT_SOCKET`, else
    `$XDG_RUNTIME_DIR/tabwright/agent.sock`, else `<tmp>/tabwright-<uid>/agent.sock`."""
    explicit = os.environ.get("TABWRIGHT_SOCKET")
    if explicit:
        return explicit
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return os.path.join(runtime, "tabwright", "agent.sock")
    tmp = os.environ.get("TMPDIR") or "/tmp"
    return os.path.join(tmp, f"tabwright-{os.getuid()}", "agent.sock")


class BridgeError(Exception):
    """The agent socket could not be used: nothing answers there, or the connection broke."""


class ConnectionBroke(BridgeError):
    """The connection broke while idle (its bridge went away between two requests), and the request was not sent:
    the bridge that answers on the socket now may serve another browser."""


class RequestError(Exception):
    """The bridge answered a request with an error."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def _handshake_request(key: str) -> bytes:
    # No Origin header: the bridge refuses handshakes that carry one.
    return (
        "GET / HTTP/1.1\r\n"
        "Host: localhost\r\n"
        "Upgrade: websocket\r\n"
        "Connection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\n"
        "Sec-WebSocket-Version: 13\r\n"
        "\r\n"
    ).encode("ascii")


def _check_handshake(key: str, head: bytes) -> None:
    lines = head.decode("latin-1").split("\r\n")
    status = lines[0].split(" ", 2)
    if len(status) < 2 or status[1] != "101":
        raise BridgeError(f"the bridge refused the WebSocket handshake: {lines[0]!r}")
    headers = {}
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if sep:
            headers[name.strip().lower()] = value.strip()
    expected = base64.b64encode(hashlib.sha1(key.encode("ascii") + _ACCEPT_GUID).digest()).decode("ascii")
    if headers.get("sec-websocket-accept") != expected:
        raise BridgeError("the bridge answered the WebSocket handshake with a wrong Sec-WebSocket-Accept")


def _new_key() -> str:
    return base64.b64encode(os.urandom(16)).decode("ascii")


def encode_frame(opcode: int, payload: bytes) -> bytes:
    """One final, masked client frame."""
    head = bytearray([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head.append(0x80 | n)
    elif n < 1 << 16:
        head.append(0x80 | 126)
        head += n.to_bytes(2, "big")
    else:
        head.append(0x80 | 127)
        head += n.to_bytes(8, "big")
    mask = os.urandom(4)
    head += mask
    if n:
        repeated = (mask * (n // 4 + 1))[:n]
        payload = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(n, "big")
    return bytes(head) + payload


def _frame_length(second: int, extended: bytes) -> int:
    n = second & 0x7F
    if n == 126 or n == 127:
        return int.from_bytes(extended, "big")
    return n


def _extended_size(second: int) -> int:
    n = second & 0x7F
    return 2 if n == 126 else 8 if n == 127 else 0


class _Assembler:
    """Turns frames into messages: joins continuations, answers pings, stops at a close."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0

    def feed(self, fin: bool, opcode: int, payload: bytes) -> tuple[str | None, bytes | None]:
        """Returns (a complete text message, a control frame to send back)."""
        if opcode == _OP_PING:
            return None, encode_frame(_OP_PONG, payload)
        if opcode == _OP_PONG:
            return None, None
        if opcode == _OP_CLOSE:
            # A close frame: a 2-byte code, then the reason in UTF-8.
            reason = payload[2:].decode("utf-8", "replace")
            raise BridgeError(f"the bridge closed the connection: {reason}" if reason else "the bridge closed the connection")
        if opcode in (_OP_TEXT, _OP_BINARY):
            self.parts, self.size = [], 0
        elif opcode != _OP_CONTINUATION:
            raise BridgeError(f"the bridge sent a frame with unknown opcode {opcode}")
        self.parts.append(payload)
        self.size += len(payload)
        if self.size > _MAX_MESSAGE:
            raise BridgeError("the bridge sent a message larger than 256 MiB")
        if not fin:
            return None, None
        message = b"".join(self.parts)
        self.parts, self.size = [], 0
        try:
            return message.decode("utf-8"), None
        except UnicodeDecodeError as exc:
            raise BridgeError(f"the bridge sent a message that is not UTF-8: {exc}") from None


def _reply_for(request_id: int, text: str) -> dict[str, Any] | None:
    """The reply's `result` when `text` answers `request_id`; raises its error; `None` for another id."""
    try:
        reply = json.loads(text)
    except ValueError as exc:
        raise BridgeError(f"the bridge sent a reply that is not JSON: {exc}") from None
    if not isinstance(reply, dict) or reply.get("id") != request_id:
        return None
    error = reply.get("error")
    if isinstance(error, dict):
        raise RequestError(str(error.get("code", "error")), str(error.get("message", "")))
    result = reply.get("result")
    if not isinstance(result, dict):
        raise BridgeError(f"the bridge sent a reply without a result: {text[:200]}")
    return result


def _unreachable(path: str, exc: BaseException) -> BridgeError:
    return BridgeError(
        f"no tabwright bridge answers at {path} ({exc}). Start a browser with `tabwright launch`, "
        "or pass the socket it printed (its `ready <socket>` line)."
    )


class Connection:
    """A blocking connection to the agent socket, opened on first use and again after it breaks. One
    request at a time."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = os.fspath(path) if path is not None else default_socket()
        self._sock: socket.socket | None = None
        self._lock = threading.Lock()
        self._next_id = 1

    def _open(self) -> socket.socket:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(self.path)
            key = _new_key()
            sock.sendall(_handshake_request(key))
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = sock.recv(4096)
                if not chunk:
                    raise BridgeError("the bridge closed the connection during the WebSocket handshake")
                head += chunk
                if len(head) > 65536:
                    raise BridgeError("the bridge's handshake answer is too long")
            head, _, rest = head.partition(b"\r\n\r\n")
            _check_handshake(key, head)
            if rest:
                raise BridgeError("the bridge sent data before the first request")
        except BridgeError:
            sock.close()
            raise
        except OSError as exc:
            sock.close()
            raise _unreachable(self.path, exc) from None
        return sock

    def _recv_exact(self, sock: socket.socket, n: int) -> bytes:
        chunks = []
        while n:
            chunk = sock.recv(min(n, 1 << 20))
            if not chunk:
                raise BridgeError("the bridge closed the connection")
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def _read_message(self, sock: socket.socket) -> str:
        assembler = _Assembler()
        while True:
            first, second = self._recv_exact(sock, 2)
            if second & 0x80:
                raise BridgeError("the bridge sent a masked frame")
            extended = self._recv_exact(sock, _extended_size(second))
            payload = self._recv_exact(sock, _frame_length(second, extended))
            message, control = assembler.feed(bool(first & 0x80), first & 0x0F, payload)
            if control is not None:
                sock.sendall(control)
            if message is not None:
                return message

    def request(self, method: str, params: dict[str, Any], reopen: bool = True) -> dict[str, Any]:
        """Sends one request and returns its `result`; a refused request raises `RequestError`, a broken
        or missing bridge `BridgeError`. A connection that broke while idle is opened again once, unless `reopen` is
        false: then `ConnectionBroke` is raised, with nothing sent."""
        with self._lock:
            request_id = self._next_id
            self._next_id += 1
            frame = encode_frame(_OP_TEXT, json.dumps({"id": request_id, "method": method, "params": params}).encode("utf-8"))
            for attempt in (1, 2):
                fresh = self._sock is None
                if self._sock is None:
                    self._sock = self._open()
                try:
                    self._sock.sendall(frame)
                    break
                except OSError as exc:
                    self._drop()
                    # A connection that broke while idle is opened again once; a new one that fails is final.
                    if fresh or attempt == 2:
                        raise _unreachable(self.path, exc) from None
                    if not reopen:
                        raise ConnectionBroke(f"the connection to the bridge at {self.path} broke while idle: {exc}") from None
            sock = self._sock
            assert sock is not None
            try:
                while True:
                    result = _reply_for(request_id, self._read_message(sock))
                    if result is not None:
                        return result
            except BridgeError:
                self._drop()
                raise
            except OSError as exc:
                self._drop()
                raise BridgeError(f"the connection to the bridge at {self.path} broke: {exc}") from None
            except BaseException:
                # Interrupted mid-reply: the rest of that reply would be read as the next one's.
                self._drop()
                raise

    def _drop(self) -> None:
        if self._sock is not None:
            try:
                self._sock.close()
            finally:
                self._sock = None

    def close(self) -> None:
        with self._lock:
            self._drop()


class AsyncConnection:
    """The asyncio twin of `Connection`."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = os.fspath(path) if path is not None else default_socket()
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self._lock: asyncio.Lock | None = None
        self._next_id = 1

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        try:
            reader, writer = await asyncio.open_unix_connection(self.path, limit=1 << 20)
        except OSError as exc:
            raise _unreachable(self.path, exc) from None
        try:
            key = _new_key()
            writer.write(_handshake_request(key))
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            _check_handshake(key, head[:-4])
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as exc:
            writer.close()
            raise BridgeError(f"the WebSocket handshake with {self.path} failed: {exc}") from None
        except BridgeError:
            writer.close()
            raise
        return reader, writer

    async def _read_message(self, reader: asyncio.StreamReader, send: Callable[[bytes], Awaitable[None]]) -> str:
        assembler = _Assembler()
        while True:
            first, second = await reader.readexactly(2)
            if second & 0x80:
                raise BridgeError("the bridge sent a masked frame")
            extended = await reader.readexactly(_extended_size(second))
            payload = await reader.readexactly(_frame_length(second, extended))
            message, control = assembler.feed(bool(first & 0x80), first & 0x0F, payload)
            if control is not None:
                await send(control)
            if message is not None:
                return message

    async def request(self, method: str, params: dict[str, Any], reopen: bool = True) -> dict[str, Any]:
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            request_id = self._next_id
            self._next_id += 1
            frame = encode_frame(_OP_TEXT, json.dumps({"id": request_id, "method": method, "params": params}).encode("utf-8"))
            for attempt in (1, 2):
                fresh = self._streams is None
                if self._streams is None:
                    self._streams = await self._open()
                try:
                    self._streams[1].write(frame)
                    await self._streams[1].drain()
                    break
                except OSError as exc:
                    self._drop()
                    if fresh or attempt == 2:
                        raise _unreachable(self.path, exc) from None
                    if not reopen:
                        raise ConnectionBroke(f"the connection to the bridge at {self.path} broke while idle: {exc}") from None
            assert self._streams is not None
            reader, writer = self._streams

            async def send(data: bytes) -> None:
                writer.write(data)
                await writer.drain()

            try:
                while True:
                    result = _reply_for(request_id, await self._read_message(reader, send))
                    if result is not None:
                        return result
            except BridgeError:
                self._drop()
                raise
            except (OSError, asyncio.IncompleteReadError) as exc:
                self._drop()
                raise BridgeError(f"the connection to the bridge at {self.path} broke: {exc}") from None
            except BaseException:
                # Cancelled mid-reply: the rest of that reply would be read as the next one's.
                self._drop()
                raise

    def _drop(self) -> None:
        if self._streams is not None:
            self._streams[1].close()
            self._streams = None

    async def close(self) -> None:
        if self._streams is not None:
            writer = self._streams[1]
            self._drop()
            try:
                await writer.wait_closed()
            except OSError:
                pass
