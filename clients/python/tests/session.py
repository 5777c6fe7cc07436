"""One tool-runner session with the tabwright toolset: what the e2e test runs against its fake Messages API.

    python session.py --mode sync|async --thread on|off --stream on|off TASK

Reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL as the SDK does, and finds the agent socket as the toolset does
($TABWRIGHT_SOCKET). Streams Claude's text to stderr and prints `final: <text>` last on stdout.
"""

from __future__ import annotations

import sys
import json
import asyncio
import argparse
from typing import Any

import anthropic

from tabwright import TabwrightBrowser, AsyncTabwrightBrowser

MODEL = "claude-opus-5"


def text_of(message: Any) -> str:
    return "".join(block.text for block in message.content if block.type == "text")


def options(args: argparse.Namespace) -> dict[str, Any]:
    extra: dict[str, Any] = {"stream": args.stream == "on"}
    if args.thread == "off":
        extra["thread"] = False
    return extra


def run_sync(args: argparse.Namespace) -> str:
    client = anthropic.Anthropic(max_retries=0)
    with TabwrightBrowser() as browser:
        runner = client.beta.messages.tool_runner(
            model=MODEL,
            max_tokens=2048,
            tools=[browser],
            messages=[{"role": "user", "content": args.task}],
            **options(args),
        )
        if args.stream == "on":
            for stream in runner:
                for event in stream:
                    if event.type == "text":
                        sys.stderr.write(event.text)
                sys.stderr.write("\n")
        return text_of(runner.until_done())


async def run_async(args: argparse.Namespace) -> str:
    client = anthropic.AsyncAnthropic(max_retries=0)
    async with AsyncTabwrightBrowser() as browser:
        runner = client.beta.messages.tool_runner(
            model=MODEL,
            max_tokens=2048,
            tools=[browser],
            messages=[{"role": "user", "content": args.task}],
            **options(args),
        )
        if args.stream == "on":
            async for stream in runner:
                async for event in stream:
                    if event.type == "text":
                        sys.stderr.write(event.text)
                sys.stderr.write("\n")
        return text_of(await runner.until_done())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["sync", "async"], default="sync")
    parser.add_argument("--thread", choices=["on", "off"], default="on")
    parser.add_argument("--stream", choices=["on", "off"], default="off")
    parser.add_argument("task")
    args = parser.parse_args()
    final = run_sync(args) if args.mode == "sync" else asyncio.run(run_async(args))
    print("final: " + json.dumps(final))
    return 0


if __name__ == "__main__":
    sys.exit(main())
