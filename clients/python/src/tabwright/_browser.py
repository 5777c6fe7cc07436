"""The SDK's browser toolsets, forwarding every member to a tabwright bridge.

The bridge's `member` method answers with the member's typed `outcome` (`{"ok": {...}}` or `{"error": "..."}`) and
the browser's `state` (the tab inventory, the changes since the last report, and notice lines). `execute` turns the
outcome into what the SDK expects a member to return, and `_browser_state` hands the SDK the state of the same
reply, so the SDK's pipeline renders every result itself.
"""

from __future__ import annotations

import re
import json
import os
from typing import Any, Dict, List, Tuple, Optional
from collections.abc import Mapping

from anthropic.tools import ToolError, ToolsetUsageError
from anthropic.tools.browser import (
    BetaBrowserState,
    BetaDialogDismissed,
    BetaScreenshotResult,
    BetaToolsetCallContext,
    BetaBrowserNavigateResult,
    BetaAbstractBrowserToolset20260801,
    BetaAsyncAbstractBrowserToolset20260801,
)

from ._socket import BridgeError, Connection, RequestError, AsyncConnection, ConnectionBroke

__all__ = ["TabwrightBrowser", "AsyncTabwrightBrowser", "BridgeUnavailable", "ask_in_browser"]

IMAGE_MEMBERS = frozenset({"screenshot", "zoom"})
TEXT_MEMBERS = frozenset({"read_page", "find", "get_page_text", "read_console", "read_network", "javascript_exec"})
TAB_MEMBERS = frozenset({"new_tab", "switch_tab"})
CHANGE_TYPES = frozenset({"tab_opened", "download_started", "download_completed", "download_failed"})

# tabwright's line for a dismissed dialog, e.g. `A confirm dialog "Delete?" was dismissed in tab-2.`
DIALOG_LINE = re.compile(r'^An? (?P<kind>[^\s"]+) dialog(?: (?P<message>".*"))? was dismissed(?: in tab-\d+)?\.$')

Tabs = List[Dict[str, Any]]
Report = Tuple[Tabs, List[Any]]


def ask_in_browser(context: object) -> bool:
    """A `confirm` for members that need one (`javascript_exec`, `file_upload`) when the person should answer in
    the browser: the SDK lets every call through, and tabwright opens its approval window for the calls its policy
    says need one, exactly as it does without an SDK."""
    return True


# The error a bridge that is going away answers with (its browser exited, or it was stopped).
GONE = "browser_unavailable"


class BridgeUnavailable(ToolsetUsageError):
    """No tabwright bridge answers on the socket, or the connection to it broke: the run stops, since no member can
    reach the browser."""


def dialog_of(line: str) -> Optional[BetaDialogDismissed]:
    """The dismissed dialog a tabwright notice line reports, when it is one the SDK writes the same way."""
    match = DIALOG_LINE.match(line)
    if match is None:
        return None
    message = ""
    if match.group("message") is not None:
        try:
            message = json.loads(match.group("message"))
        except ValueError:
            return None
        if not isinstance(message, str):
            return None
    return BetaDialogDismissed(kind=match.group("kind"), message=message)


class _Forwarding:
    """What the two toolsets share: building a `member` request, reading its reply."""

    _toolset_options: Any

    def _forwarding_init(self) -> None:
        self._report: Optional[Report] = None
        self._tabs: Tabs = []
        # The last tabs a result told Claude of (an error result's empty state leaves them).
        self._known: Tabs = []
        # Lines the model should read (a refused navigation, an accepted beforeunload, a navigation note, a
        # download's start or end) that wait for a result with room for text: the next text, action or error result.
        self._lines: List[str] = []

    def _params(self, name: str, input: Any) -> Dict[str, Any]:
        data = input.to_dict(mode="json") if hasattr(input, "to_dict") else dict(input)
        params: Dict[str, Any] = {"name": name, "input": data}
        confirm = self._toolset_options.confirm
        if confirm is not None and confirm is not ask_in_browser:
            # The SDK asked `confirm` before this call reached `execute`: it is approved.
            params["confirmed"] = True
        return params

    def _take_lines(self, first: Optional[str], sep: str) -> Optional[str]:
        parts = [p for p in [first, *self._lines] if p]
        self._lines = []
        return sep.join(parts) if parts else first

    def _refused(self, message: str) -> ToolError:
        return ToolError(self._take_lines(message, "\n") or message)

    def _settle(self, name: str, reply: Mapping[str, Any]) -> Any:
        """What member `name` returns, from the bridge's reply; its state is kept for `_browser_state`."""
        state = reply.get("state") if isinstance(reply.get("state"), Mapping) else {}
        tabs = [dict(t) for t in state.get("tabs") or [] if isinstance(t, Mapping)]
        changes: List[Any] = [dict(c) for c in state.get("changes") or [] if isinstance(c, Mapping) and c.get("type") in CHANGE_TYPES]
        for line in state.get("notices") or []:
            if not isinstance(line, str):
                continue
            dialog = dialog_of(line)
            if dialog is not None:
                changes.append(dialog)
            else:
                self._lines.append(line)
        self._report = (tabs, changes)

        outcome = reply.get("outcome")
        if not isinstance(outcome, Mapping):
            raise self._refused("tabwright answered without an outcome. Take a screenshot to see what happened.")
        if "error" in outcome:
            raise self._refused(str(outcome["error"]))
        ok = outcome.get("ok")
        ok = ok if isinstance(ok, Mapping) else {}
        kind = ok.get("kind")
        active = next((t for t in tabs if t.get("active") is True), None)

        if name == "navigate":
            if kind == "navigated" and isinstance(ok.get("url"), str):
                if ok.get("note"):
                    self._lines.append(str(ok["note"]))
                return BetaBrowserNavigateResult(url=ok["url"], title=ok.get("title"), status=ok.get("status"))
            if kind == "text":
                # No page was loaded (the address started a download, and the tab stayed where it
                # was): said as it is, not as a navigation to the page the tab stayed on.
                raise self._refused(str(ok.get("text", "")) or "The navigation loaded no page.")
            if active is not None:
                return BetaBrowserNavigateResult(url=active["url"], title=active.get("title"))
            raise self._refused("The navigation finished, but no tab reports where it went. Call list_tabs to see the tabs.")
        if name in IMAGE_MEMBERS:
            if kind == "image" and isinstance(ok.get("data"), str):
                return BetaScreenshotResult(data=ok["data"], media_type=ok.get("media_type", "image/png"))
            raise self._refused(f"{name} produced no image. Try again, or use read_page to read the page.")
        if name in TAB_MEMBERS:
            tab_id = ok.get("tab_id") if kind == "tab" else (active or {}).get("tab_id")
            entry = next((t for t in tabs if t.get("tab_id") == tab_id), None)
            if entry is None:
                raise self._refused(f"The browser does not list the tab {name} reported. Call list_tabs to see the tabs.")
            return dict(entry)
        if name == "list_tabs":
            return tabs
        if name == "close_tab":
            return None

        text: Optional[str] = None
        if kind == "text":
            text = str(ok.get("text", ""))
        elif kind == "ack":
            text = ok.get("line") if isinstance(ok.get("line"), str) else None
        elif kind == "navigated":
            text = f"The page went to {ok.get('url')}."
        if name in TEXT_MEMBERS:
            # The lines first, apart: after a page's text they would read as more of it.
            lines, self._lines = self._lines, []
            return "\n\n".join(["\n".join(lines), text] if lines and text else [*lines, text or ""]) or ""
        return self._take_lines(text, " ")

    def _same_browser(self, result: Mapping[str, Any]) -> Optional[Report]:
        """After the connection broke while idle: the browser answering now must still have one of the tabs Claude
        was last told of, where it was (a worker that restarted keeps them all). A restarted `tabwright launch` serves
        a new browser, whose tab-1 is another tab: acting there would act on what Claude never saw."""
        fetched = self._inventory(result)
        now = {t.get("tab_id"): t.get("url") for t in (fetched[0] if fetched else [])}
        known = {t.get("tab_id"): t.get("url") for t in self._known}
        if not known or any(now.get(tab) == url for tab, url in known.items()):
            return fetched
        listed = [f"{t} ({u})" for t, u in now.items()]
        said = ", ".join(listed[:5] + ([f"and {len(listed) - 5} more"] if len(listed) > 5 else [])) or "none"
        raise BridgeUnavailable(
            "The connection to the browser broke between two calls, and the browser that answers now has none of the "
            f"tabs this conversation used where they were (it lists {said}): it is another browser (tabwright launch "
            "was run again), so nothing was run. Start the task again in this browser."
        )

    def _reported(self, fetched: Optional[Report]) -> BetaBrowserState:
        report, self._report = self._report, None
        if report is None:
            # The SDK refused the call before it reached the browser: the inventory as it is now.
            report = fetched if fetched is not None else (self._tabs, [])
        tabs, changes = report
        self._tabs = tabs
        if tabs:
            self._known = tabs
        return BetaBrowserState(tabs=tabs, state_changes=changes)

    @staticmethod
    def _inventory(result: Mapping[str, Any]) -> Optional[Report]:
        block = result.get("browser_state")
        if not isinstance(block, Mapping) or not isinstance(block.get("tabs"), list):
            return None
        return ([dict(t) for t in block["tabs"] if isinstance(t, Mapping)], [])


class TabwrightBrowser(_Forwarding, BetaAbstractBrowserToolset20260801):
    """The SDK's synchronous browser toolset, driving the browser a tabwright bridge serves.

    `socket` is the agent socket (default: `$TABWRIGHT_SOCKET`, else `$XDG_RUNTIME_DIR/tabwright/agent.sock`, else
    `<tmp>/tabwright-<uid>/agent.sock`). `options` are the SDK toolset's own: `configs`, `confirm`, `url_policy`,
    `file_policy`, `tool_configs`. A call `confirm` approved reaches the browser approved (`confirmed`), so
    tabwright's own approval window does not ask again; with `confirm=ask_in_browser` it does."""

    def __init__(self, socket: str | os.PathLike[str] | None = None, **options: Any) -> None:
        super().__init__(**options)
        self._forwarding_init()
        self._connection = Connection(socket)

    @property
    def socket(self) -> str:
        return self._connection.path

    def execute(self, context: BetaToolsetCallContext, name: Any, input: Any) -> Any:
        try:
            try:
                reply = self._connection.request("member", self._params(name, input), reopen=False)
            except ConnectionBroke:
                self._same_browser(self._connection.request("state", {}))
                reply = self._connection.request("member", self._params(name, input))
        except RequestError as exc:
            if exc.code == GONE:
                raise BridgeUnavailable(exc.message) from None
            raise self._refused(exc.message) from None
        except BridgeError as exc:
            raise BridgeUnavailable(str(exc)) from None
        return self._settle(name, reply)

    def _browser_state(self, context: BetaToolsetCallContext) -> BetaBrowserState:
        fetched = None
        if self._report is None:
            try:
                try:
                    fetched = self._inventory(self._connection.request("state", {}, reopen=False))
                except ConnectionBroke:
                    fetched = self._same_browser(self._connection.request("state", {}))
            except (BridgeError, RequestError):
                fetched = None
        return self._reported(fetched)

    def close(self) -> None:
        super().close()
        self._connection.close()


class AsyncTabwrightBrowser(_Forwarding, BetaAsyncAbstractBrowserToolset20260801):
    """The asynchronous twin of `TabwrightBrowser`, for `AsyncAnthropic`."""

    def __init__(self, socket: str | os.PathLike[str] | None = None, **options: Any) -> None:
        super().__init__(**options)
        self._forwarding_init()
        self._connection = AsyncConnection(socket)

    @property
    def socket(self) -> str:
        return self._connection.path

    async def execute(self, context: BetaToolsetCallContext, name: Any, input: Any) -> Any:
        try:
            try:
                reply = await self._connection.request("member", self._params(name, input), reopen=False)
            except ConnectionBroke:
                self._same_browser(await self._connection.request("state", {}))
                reply = await self._connection.request("member", self._params(name, input))
        except RequestError as exc:
            if exc.code == GONE:
                raise BridgeUnavailable(exc.message) from None
            raise self._refused(exc.message) from None
        except BridgeError as exc:
            raise BridgeUnavailable(str(exc)) from None
        return self._settle(name, reply)

    async def _browser_state(self, context: BetaToolsetCallContext) -> BetaBrowserState:
        fetched = None
        if self._report is None:
            try:
                try:
                    fetched = self._inventory(await self._connection.request("state", {}, reopen=False))
                except ConnectionBroke:
                    fetched = self._same_browser(await self._connection.request("state", {}))
            except (BridgeError, RequestError):
                fetched = None
        return self._reported(fetched)

    async def close(self) -> None:
        await super().close()
        await self._connection.close()
