#!/usr/bin/env python3
"""Replay scripted browser-toolset member calls through the official `anthropic` Python SDK's own
pipeline and print the `tool_result` content it produces, as a conformance oracle for tabwright.

Usage:
    /tmp/sdkvenv/bin/python sdk_replay.py SCENARIOS.json > out.json

Each scenario gets a fresh toolset (a subclass of the SDK's `BetaAbstractBrowserToolset20260801` that
overrides every member), and each call is one `tool_use` block run through `toolset.tool_result(tool_use)`,
the same entry point the SDK's tool runner uses (`BaseToolRunner._run_toolset_member`). The members and
`_browser_state` only play back what the scenario scripted; everything else (input parsing, the
enabled/disabled gate, rendering, the `browser_state` block, holding state changes across failed calls,
the `new_tab` rules) is the SDK's.

Scenario format (a JSON list):

    {"name": str,
     "configs": {...} | absent,             # the toolset's `configs`
     "calls": [{"member": str, "input": {...},
                "outcome": {"ok": OUTCOME} | {"error": str},
                "state": {"tabs": [...], "changes": [...]}}]}

OUTCOME kinds: navigated {url,title?,status?}, image {media_type,data}, text {text}, ack {line?},
tab {tab_id} (the entry with that tab_id from the call's state.tabs), tabs (state.tabs; None for close_tab).

Output (stdout, JSON list): one {"name", "results": [{"content", "is_error", "state_invalid"}]} per
scenario. `content` is the tool_result content as the SDK built it (a string content is wrapped as one
text block). Two keys appear only when something went wrong outside the model-visible path:
`"raised"` on a result when the SDK raised out of `tool_result` (a `ToolsetUsageError`, e.g. a
report it cannot read; `content` is then null), and `"config_error"` on a scenario whose toolset could
not be constructed (its `results` is then empty).
"""

from __future__ import annotations

import sys
import json
import copy
from typing import Any, get_args

import pydantic

from anthropic.tools import ToolError, ToolsetUsageError
from anthropic.tools.browser import (
    BetaBrowserState,
    BetaScreenshotResult,
    BetaToolsetCallContext,
    BetaBrowserNavigateResult,
    BetaAbstractBrowserToolset20260801,
)
from anthropic.types.beta import BetaToolUseBlock, BetaBrowserMemberName

MEMBER_NAMES: tuple[str, ...] = get_args(BetaBrowserMemberName)


class HarnessError(BaseException):
    """A malformed scenario. A BaseException so the SDK's pipeline (which turns every Exception a member raises
    into a model-visible error) does not swallow it."""


def build_state(raw: Any) -> tuple[BetaBrowserState, str | None]:
    """The scripted report as a `BetaBrowserState`: validated as a driver would construct it, or, when the SDK's
    model rejects it, built without validation (so the pipeline still sees it) with the rejection text."""
    raw = raw if raw is not None else {}
    tabs = copy.deepcopy(raw.get("tabs", []))
    changes = copy.deepcopy(raw.get("changes", []))
    try:
        return BetaBrowserState(tabs=tabs, state_changes=changes), None
    except pydantic.ValidationError as exc:
        # pydantic's raw constructor, as the SDK's own `unvalidated` helper does
        state = pydantic.BaseModel.model_construct.__func__(BetaBrowserState, tabs=tabs, state_changes=changes)  # type: ignore[attr-defined]
        return state, str(exc)


class ReplayToolset(BetaAbstractBrowserToolset20260801):
    """Plays back one scenario. `current` is the scripted call in flight, set before each `tool_result`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.current: dict[str, Any] = {}
        self.current_state: BetaBrowserState | None = None

    def _browser_state(self, context: BetaToolsetCallContext) -> BetaBrowserState:
        assert self.current_state is not None
        return self.current_state

    def _play(self, member: str, context: BetaToolsetCallContext, input: Any) -> Any:
        call = self.current
        outcome = call.get("outcome")
        if not isinstance(outcome, dict) or ("ok" in outcome) == ("error" in outcome):
            raise HarnessError(f"call to {member!r} was dispatched but has no valid outcome: {outcome!r}")
        if "error" in outcome:
            raise ToolError(outcome["error"])

        ok = outcome["ok"]
        kind = ok.get("kind")
        tabs = (call.get("state") or {}).get("tabs", [])
        if kind == "navigated":
            return BetaBrowserNavigateResult(url=ok["url"], title=ok.get("title"), status=ok.get("status"))
        if kind == "image":
            return BetaScreenshotResult(data=ok["data"], media_type=ok.get("media_type", "image/png"))
        if kind == "text":
            return ok["text"]
        if kind == "ack":
            return ok.get("line")
        if kind == "tab":
            for tab in tabs:
                if tab.get("tab_id") == ok["tab_id"]:
                    return copy.deepcopy(tab)
            raise HarnessError(f"outcome tab {ok['tab_id']!r} is not in the call's state.tabs")
        if kind == "tabs":
            return copy.deepcopy(tabs) if member == "list_tabs" else None
        raise HarnessError(f"unknown outcome kind {kind!r}")


def _member_method(name: str) -> Any:
    def method(self: ReplayToolset, context: BetaToolsetCallContext, input: Any) -> Any:
        return self._play(name, context, input)

    method.__name__ = method.__qualname__ = name
    return method


# Override every member (as plain sync methods), so the SDK treats them all as implemented ("served").
for _name in MEMBER_NAMES:
    setattr(ReplayToolset, _name, _member_method(_name))


def approve_all(context: Any) -> bool:
    # The SDK requires a confirm callable whenever javascript_exec or file_upload is enabled; approve everything.
    return True


def to_jsonable(value: Any) -> Any:
    if isinstance(value, pydantic.BaseModel):
        return value.model_dump(mode="json")
    raise TypeError(f"not JSON serializable: {type(value).__name__}")


def run_scenario(index: int, scenario: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": scenario.get("name"), "results": []}
    try:
        toolset = ReplayToolset(configs=scenario.get("configs"), confirm=approve_all)
    except Exception as exc:  # ToolsetConfigError, or a TypeError for a configs entry that is not a mapping
        out["config_error"] = f"{type(exc).__name__}: {exc}"
        return out

    for call_index, call in enumerate(scenario.get("calls", [])):
        state, invalid = build_state(call.get("state"))
        toolset.current = call
        toolset.current_state = state
        tool_use = BetaToolUseBlock(
            id=f"toolu_{index}_{call_index}",
            type="tool_use",
            name=call["member"],
            input=call.get("input") or {},
            toolset_name="browser",
        )
        entry: dict[str, Any] = {"content": None, "is_error": False, "state_invalid": invalid}
        try:
            block = toolset.tool_result(tool_use)
        except ToolsetUsageError as exc:
            entry["raised"] = f"{type(exc).__name__}: {exc}"
        else:
            content = block.get("content")
            if isinstance(content, str):
                content = [{"type": "text", "text": content}]
            entry["content"] = json.loads(json.dumps(content, default=to_jsonable))
            entry["is_error"] = bool(block.get("is_error", False))
        out["results"].append(entry)
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {argv[0]} SCENARIOS.json", file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        scenarios = json.load(f)
    try:
        results = [run_scenario(i, s) for i, s in enumerate(scenarios)]
    except HarnessError as exc:
        print(f"sdk_replay: malformed scenario: {exc}", file=sys.stderr)
        return 1
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[attr-defined]
    json.dump(results, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
