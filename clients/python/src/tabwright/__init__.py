"""Drive a real browser from the anthropic SDK's browser toolset, through tabwright's agent socket.

`TabwrightBrowser` and `AsyncTabwrightBrowser` subclass the SDK's `BetaAbstractBrowserToolset20260801` and its async
twin; pass one in `tools=[...]` of `client.beta.messages.tool_runner(...)`.
"""

from ._socket import BridgeError, Connection, RequestError, AsyncConnection, default_socket
from ._browser import TabwrightBrowser, BridgeUnavailable, AsyncTabwrightBrowser, ask_in_browser

__version__ = "0.1.0"

__all__ = [
    "TabwrightBrowser",
    "AsyncTabwrightBrowser",
    "ask_in_browser",
    "default_socket",
    "BridgeUnavailable",
    "BridgeError",
    "RequestError",
    "Connection",
    "AsyncConnection",
]
