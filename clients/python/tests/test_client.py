"""Unit tests of the tabwright Python client that need no browser: the WebSocket framing, the handshake, and how a
bridge reply becomes what the SDK expects a member to return."""

from __future__ import annotations

import os
import json
import base64
import hashlib
import unittest
from typing import Any

from anthropic.tools import ToolError
from anthropic.tools.browser import BetaDialogDismissed, BetaScreenshotResult, BetaBrowserNavigateResult
from anthropic.types.beta import BetaToolUseBlock

from tabwright import TabwrightBrowser, RequestError, ask_in_browser, default_socket
from tabwright import _socket
from tabwright._browser import dialog_of

TAB = {"tab_id": "tab-1", "title": "Form", "url": "http://127.0.0.1/form.html", "active": True}


def unmask(frame: bytes) -> tuple[int, bytes]:
    """(opcode, payload) of one masked client frame."""
    second = frame[1]
    assert second & 0x80, "client frames are masked"
    n = second & 0x7F
    at = 2
    if n == 126:
        n, at = int.from_bytes(frame[2:4], "big"), 4
    elif n == 127:
        n, at = int.from_bytes(frame[2:10], "big"), 10
    mask, payload = frame[at : at + 4], frame[at + 4 :]
    assert len(payload) == n
    return frame[0] & 0x0F, bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class Framing(unittest.TestCase):
    def test_frames_round_trip_at_every_length_encoding(self) -> None:
        for n in (0, 1, 125, 126, 65535, 65536, 200_000):
            payload = os.urandom(n)
            opcode, back = unmask(_socket.encode_frame(0x1, payload))
            self.assertEqual((opcode, back), (0x1, payload), n)

    def test_messages_are_joined_and_pings_answered(self) -> None:
        a = _socket._Assembler()
        self.assertEqual(a.feed(False, 0x1, b'{"a":'), (None, None))
        message, control = a.feed(False, 0x9, b"hi")
        self.assertIsNone(message)
        assert control is not None
        self.assertEqual(unmask(control), (0xA, b"hi"))
        self.assertEqual(a.feed(True, 0x0, b"1}"), ('{"a":1}', None))
        with self.assertRaises(_socket.BridgeError):
            a.feed(True, 0x8, b"")
        # A close frame's reason (after its 2-byte code) is the error's.
        with self.assertRaisesRegex(_socket.BridgeError, "closed the connection: The browser exited"):
            a.feed(True, 0x8, b"\x03\xe9The browser exited")

    def test_the_handshake_sends_no_origin_and_checks_the_accept_key(self) -> None:
        key = "dGhlIHNhbXBsZSBub25jZQ=="
        request = _socket._handshake_request(key).decode()
        self.assertNotIn("origin", request.lower())
        self.assertIn("Sec-WebSocket-Version: 13", request)
        accept = base64.b64encode(hashlib.sha1(key.encode() + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest()).decode()
        _socket._check_handshake(key, f"HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: {accept}".encode())
        with self.assertRaises(_socket.BridgeError):
            _socket._check_handshake(key, b"HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: wrong")
        with self.assertRaises(_socket.BridgeError):
            _socket._check_handshake(key, b"HTTP/1.1 403 Forbidden")

    def test_replies_are_matched_by_id_and_errors_raised(self) -> None:
        self.assertIsNone(_socket._reply_for(2, json.dumps({"id": 1, "result": {}})))
        self.assertEqual(_socket._reply_for(2, json.dumps({"id": 2, "result": {"x": 1}})), {"x": 1})
        with self.assertRaises(RequestError) as caught:
            _socket._reply_for(3, json.dumps({"id": 3, "error": {"code": "invalid_input", "message": "bad"}}))
        self.assertEqual(caught.exception.code, "invalid_input")

    def test_the_default_socket_follows_the_cli(self) -> None:
        saved = {k: os.environ.get(k) for k in ("TABWRIGHT_SOCKET", "XDG_RUNTIME_DIR", "TMPDIR")}
        try:
            os.environ["TABWRIGHT_SOCKET"] = "/x/agent.sock"
            self.assertEqual(default_socket(), "/x/agent.sock")
            del os.environ["TABWRIGHT_SOCKET"]
            os.environ["XDG_RUNTIME_DIR"] = "/run/user/7"
            self.assertEqual(default_socket(), "/run/user/7/tabwright/agent.sock")
            del os.environ["XDG_RUNTIME_DIR"]
            os.environ["TMPDIR"] = "/scratch"
            self.assertEqual(default_socket(), f"/scratch/tabwright-{os.getuid()}/agent.sock")
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


class Replayed(TabwrightBrowser):
    """A toolset whose bridge answers from a list, recording each request."""

    def __init__(self, replies: list[dict[str, Any]], **options: Any) -> None:
        super().__init__("/nonexistent/agent.sock", **options)
        self.replies = replies
        self.sent: list[tuple[str, dict[str, Any]]] = []

        def request(method: str, params: dict[str, Any], reopen: bool = True) -> dict[str, Any]:
            self.sent.append((method, params))
            reply = self.replies.pop(0)
            if "raise" in reply:
                raise reply["raise"]
            return reply

        self._connection.request = request  # type: ignore[method-assign]

    def run(self, name: str, input: dict[str, Any]) -> Any:
        use = BetaToolUseBlock(id="toolu_1", type="tool_use", name=name, input=input, toolset_name="browser")
        return self.tool_result(use)


def reply(ok: Any = None, error: str | None = None, tabs: Any = None, changes: Any = None, notices: Any = None) -> dict[str, Any]:
    outcome = {"error": error} if error is not None else {"ok": ok}
    return {"outcome": outcome, "state": {"tabs": [TAB] if tabs is None else tabs, "changes": changes or [], "notices": notices or []}}


class Mapping(unittest.TestCase):
    def test_each_outcome_kind_becomes_the_sdk_result(self) -> None:
        t = Replayed([])
        t.replies = [reply({"kind": "navigated", "url": TAB["url"], "title": "Form", "status": 200})]
        nav = t._settle("navigate", t.replies.pop())
        self.assertEqual(nav, BetaBrowserNavigateResult(url=TAB["url"], title="Form", status=200))
        shot = t._settle("screenshot", reply({"kind": "image", "media_type": "image/jpeg", "data": "AAAA"}))
        self.assertEqual(shot, BetaScreenshotResult(data="AAAA", media_type="image/jpeg"))
        self.assertEqual(t._settle("find", reply({"kind": "text", "text": "button \"Go\" [ref_1]"})), 'button "Go" [ref_1]')
        self.assertEqual(t._settle("left_click", reply({"kind": "ack"})), None)
        self.assertEqual(t._settle("hover", reply({"kind": "ack", "line": "A menu opened."})), "A menu opened.")
        self.assertEqual(t._settle("new_tab", reply({"kind": "tab", "tab_id": "tab-1"})), TAB)
        self.assertEqual(t._settle("list_tabs", reply({"kind": "tabs"})), [TAB])
        self.assertIsNone(t._settle("close_tab", reply({"kind": "tabs"})))
        with self.assertRaises(ToolError):
            t._settle("switch_tab", reply({"kind": "tab", "tab_id": "tab-9"}))

    def test_dialog_lines_become_sdk_dialogs_and_other_notices_wait_for_text(self) -> None:
        self.assertEqual(dialog_of('A confirm dialog "Delete \\"all\\"?" was dismissed.'), BetaDialogDismissed(kind="confirm", message='Delete "all"?'))
        self.assertEqual(dialog_of("An alert dialog was dismissed."), BetaDialogDismissed(kind="alert", message=""))
        self.assertEqual(dialog_of('An alert dialog "Hi" was dismissed in tab-12.'), BetaDialogDismissed(kind="alert", message="Hi"))
        self.assertIsNone(dialog_of('An alert dialog "Hi" was dismissed in tab-x.'))
        self.assertIsNone(dialog_of("A beforeunload dialog was accepted, so the page could be left."))
        t = Replayed([])
        refused = "A navigation was refused. The browsing policy does not allow http://x/."
        t._settle("screenshot", reply({"kind": "image", "media_type": "image/png", "data": "AA"}, notices=[refused, "An alert dialog \"hi\" was dismissed."]))
        tabs, changes = t._report or ([], [])
        self.assertEqual(changes, [BetaDialogDismissed(kind="alert", message="hi")])
        # An image has no room for the line: the next text result carries it.
        self.assertEqual(t._settle("get_page_text", reply({"kind": "text", "text": "Hello"})), refused + "\n\nHello")
        self.assertEqual(t._settle("get_page_text", reply({"kind": "text", "text": "Again"})), "Again")

    def test_a_navigate_that_loaded_no_page_is_not_said_to_have_gone_there(self) -> None:
        said = "http://x/a.csv started a download instead of loading a page; the tab stays where it was."
        t = Replayed([reply({"kind": "text", "text": said}, changes=[{"type": "download_started", "download_id": "dl-1", "url": "http://x/a.csv"}], notices=['Download dl-1 started: "a.csv".'])])
        block = t.run("navigate", {"url": "http://x/a.csv"})
        self.assertTrue(block["is_error"])
        self.assertEqual(block["content"], [{"type": "text", "text": said + '\nDownload dl-1 started: "a.csv".'}])
        self.assertNotIn("Navigated to", json.dumps(block["content"]))

    def test_calls_go_out_as_member_requests_and_come_back_through_the_sdk_pipeline(self) -> None:
        t = Replayed([reply({"kind": "ack"}, changes=[{"type": "download_started", "download_id": "dl-1", "url": "http://x/a.csv"}], notices=['Download dl-1 started: "a.csv".'])])
        block = t.run("left_click", {"target": {"type": "ref", "ref": "ref_3"}})
        self.assertEqual(t.sent, [("member", {"name": "left_click", "input": {"target": {"type": "ref", "ref": "ref_3"}}})])
        self.assertEqual(block["toolset_name"], "browser")
        self.assertFalse(block.get("is_error", False))
        content = block["content"]
        self.assertEqual(content[0], {"type": "text", "text": "Clicked."})
        self.assertEqual(content[1], {"type": "text", "text": 'Download dl-1 started: "a.csv".'}, "the API renders no download entry: the text says it")
        self.assertEqual(content[-1]["type"], "browser_state")
        self.assertEqual(content[-1]["state_changes"], [{"type": "download_started", "download_id": "dl-1", "url": "http://x/a.csv"}])

    def test_errors_are_is_error_results_and_a_refused_call_still_reports_state(self) -> None:
        t = Replayed([reply(error="ref_9 is stale or not found on the current page.")])
        block = t.run("left_click", {"target": {"type": "ref", "ref": "ref_9"}})
        self.assertTrue(block["is_error"])
        self.assertEqual(block["content"], [{"type": "text", "text": "ref_9 is stale or not found on the current page."}])
        # A bridge-side refusal of the request itself reads the same way.
        t = Replayed([{"raise": RequestError("invalid_input", "Invalid input for wait: duration is at most 30")}, {"browser_state": {"type": "browser_state", "tabs": [TAB]}}])
        block = t.run("wait", {"duration": 5})
        self.assertTrue(block["is_error"])
        self.assertIn("duration is at most 30", json.dumps(block["content"]))
        self.assertEqual([m for m, _ in t.sent], ["member", "state"])

    def test_confirmed_is_sent_only_for_an_sdk_side_confirm(self) -> None:
        for confirm, expected in ((None, None), (lambda ctx: True, True), (ask_in_browser, None)):
            t = Replayed([reply({"kind": "ack"})], confirm=confirm)
            t.run("wait", {"duration": 1})
            self.assertEqual(t.sent[0][1].get("confirmed"), expected, confirm)

    def test_a_bridge_going_away_stops_the_run_with_its_reason(self) -> None:
        from tabwright import BridgeUnavailable

        why = "The browser exited (signal: 9 (SIGKILL)), so this call could not be answered."
        t = Replayed([{"raise": RequestError("browser_unavailable", why)}])
        with self.assertRaises(BridgeUnavailable) as caught:
            t.run("screenshot", {})
        self.assertIn("The browser exited", str(caught.exception))

    def test_a_new_browser_behind_a_broken_connection_is_not_acted_on(self) -> None:
        from tabwright import BridgeUnavailable
        from tabwright._socket import ConnectionBroke

        page_a = {"tab_id": "tab-1", "title": "Page A", "url": "http://a/", "active": True}
        blank = {"tab_id": "tab-1", "title": "", "url": "about:blank", "active": True}
        state = lambda tabs: {"browser_state": {"type": "browser_state", "tabs": tabs}}
        # The same browser behind a new connection (its native host restarted): the call goes on.
        t = Replayed([reply({"kind": "ack"}, tabs=[page_a]), {"raise": ConnectionBroke("broke")}, state([page_a]), reply({"kind": "ack"}, tabs=[page_a])])
        t.run("wait", {"duration": 0})
        t.run("wait", {"duration": 0})
        self.assertEqual([m for m, _ in t.sent], ["member", "member", "state", "member"])
        # Another browser (launch was run again): nothing is run, and the run stops saying why.
        t = Replayed([reply({"kind": "ack"}, tabs=[page_a]), {"raise": ConnectionBroke("broke")}, state([blank])])
        t.run("wait", {"duration": 0})
        with self.assertRaises(BridgeUnavailable) as caught:
            t.run("type", {"text": "more"})
        self.assertIn("has none of the tabs this conversation used where they were (it lists tab-1 (about:blank))", str(caught.exception))
        self.assertEqual([m for m, _ in t.sent], ["member", "member", "state"])
        # The same browser where one of two tabs went on to another page by itself: the call goes on.
        page_b = {"tab_id": "tab-2", "title": "B", "url": "http://b/", "active": False}
        moved = {"tab_id": "tab-2", "title": "C", "url": "http://c/", "active": False}
        t = Replayed([reply({"kind": "ack"}, tabs=[page_a, page_b]), {"raise": ConnectionBroke("broke")}, state([page_a, moved]), reply({"kind": "ack"}, tabs=[page_a, moved])])
        t.run("wait", {"duration": 0})
        t.run("wait", {"duration": 0})
        self.assertEqual([m for m, _ in t.sent], ["member", "member", "state", "member"])
        # An error result (its state empty) leaves the tabs Claude was told of to check against.
        t = Replayed([reply({"kind": "ack"}, tabs=[page_a]), reply(error="refused", tabs=[]), {"raise": ConnectionBroke("broke")}, state([blank])])
        t.run("wait", {"duration": 0})
        t.run("wait", {"duration": 0})
        with self.assertRaises(BridgeUnavailable):
            t.run("wait", {"duration": 0})

    def test_a_missing_bridge_stops_the_run(self) -> None:
        from tabwright import BridgeUnavailable

        t = TabwrightBrowser("/nonexistent/dir/agent.sock")
        with self.assertRaises(BridgeUnavailable) as caught:
            t.tool_result(BetaToolUseBlock(id="toolu_1", type="tool_use", name="screenshot", input={}, toolset_name="browser"))
        self.assertIn("tabwright launch", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
