/**
 * `@anthropic-ai/sdk`'s browser toolset, forwarding every member to a tabwright bridge.
 *
 * The bridge's `member` method answers with the member's typed `outcome` (`{ ok: {...} }` or `{ error: '...' }`) and
 * the browser's `state` (the tab inventory, the changes since the last report, and notice lines). `execute` turns the
 * outcome into what the SDK expects a member to return, and the `browserState` option hands the SDK the state of the
 * same reply, so the SDK's pipeline renders every result itself.
 */
import {
  BetaAbstractBrowserToolset20260801,
  ToolError,
  ToolsetUsageError,
  type BetaBrowserMemberResult,
  type BetaBrowserState,
  type BetaBrowserToolsetOptions,
  type BetaConfirmContext,
  type BetaDialogDismissed,
  type BetaToolsetCallContext,
} from '@anthropic-ai/sdk/helpers/beta/toolsets';
import type {
  BetaBrowserMemberInput,
  BetaBrowserMemberName,
  BetaBrowserStateChange,
  BetaBrowserStateTabEntry,
} from '@anthropic-ai/sdk/resources/beta';
import { BridgeError, Connection, ConnectionBroke, RequestError } from './socket.js';

export { BridgeError, Connection, ConnectionBroke, RequestError, defaultSocket } from './socket.js';

const IMAGE_MEMBERS = new Set(['screenshot', 'zoom']);
const TEXT_MEMBERS = new Set(['read_page', 'find', 'get_page_text', 'read_console', 'read_network', 'javascript_exec']);
const TAB_MEMBERS = new Set(['new_tab', 'switch_tab']);
const CHANGE_TYPES = new Set(['tab_opened', 'download_started', 'download_completed', 'download_failed']);
const MEDIA_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

// tabwright's line for a dismissed dialog, e.g. `A confirm dialog "Delete?" was dismissed in tab-2.`
const DIALOG_LINE = /^An? ([^\s"]+) dialog(?: (".*"))? was dismissed(?: in tab-\d+)?\.$/;

type StateChange = NonNullable<BetaBrowserState['state_changes']>[number];

/**
 * A `confirm` for members that need one (`javascript_exec`, `file_upload`) when the person should answer in the
 * browser: the SDK lets every call through, and tabwright opens its approval window for the calls its policy says
 * need one, exactly as it does without an SDK.
 */
export function askInBrowser(_ctx: BetaConfirmContext): boolean {
  return true;
}

/**
 * No tabwright bridge answers on the socket, or the connection to it broke: the run stops, since no member can reach
 * the browser.
 */
export class BridgeUnavailable extends ToolsetUsageError {}

/** The dismissed dialog a tabwright notice line reports, when it is one the SDK writes the same way. */
export function dialogOf(line: string): BetaDialogDismissed | undefined {
  const match = DIALOG_LINE.exec(line);
  if (!match) return undefined;
  let message = '';
  if (match[2] !== undefined) {
    try {
      message = JSON.parse(match[2]);
    } catch {
      return undefined;
    }
    if (typeof message !== 'string') return undefined;
  }
  return { type: 'dialog_dismissed', kind: match[1]!, message };
}

/** The constructor options: the SDK toolset's own (but `browserState`, which this class supplies) and the socket. */
export type TabwrightBrowserOptions = Omit<BetaBrowserToolsetOptions, 'browserState'> & {
  /**
   * The agent socket (default: `$TABWRIGHT_SOCKET`, else `$XDG_RUNTIME_DIR/tabwright/agent.sock`, else
   * `<tmp>/tabwright-<uid>/agent.sock`).
   */
  socket?: string | undefined;
};

type Report = { tabs: BetaBrowserStateTabEntry[]; changes: StateChange[] };

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The SDK's browser toolset, driving the browser a tabwright bridge serves. A call your `confirm` approved reaches the
 * browser approved (`confirmed`), so tabwright's own approval window does not ask again; with `confirm: askInBrowser`
 * it does.
 */
export class TabwrightBrowser extends BetaAbstractBrowserToolset20260801 {
  readonly #connection: Connection;
  readonly #sdkConfirms: boolean;
  #report: Report | null = null;
  #tabs: BetaBrowserStateTabEntry[] = [];
  /** The last tabs a result told Claude of (an error result's empty state leaves them). */
  #known: BetaBrowserStateTabEntry[] = [];
  /**
   * Lines the model should read (a refused navigation, an accepted beforeunload, a navigation note) that wait for a
   * result with room for text: the next text, action or error result.
   */
  #lines: string[] = [];

  constructor(options: TabwrightBrowserOptions = {}) {
    const { socket, ...toolsetOptions } = options;
    // `this` exists only once `super` returns; the SDK calls `browserState` only after that.
    const self: { it?: TabwrightBrowser } = {};
    super({ ...toolsetOptions, browserState: (ctx) => self.it!.#browserState(ctx) });
    self.it = this;
    this.#connection = new Connection(socket);
    this.#sdkConfirms = toolsetOptions.confirm !== undefined && toolsetOptions.confirm !== askInBrowser;
  }

  /** The agent socket this toolset talks to. */
  get socket(): string {
    return this.#connection.path;
  }

  protected override async execute(
    _ctx: BetaToolsetCallContext,
    name: BetaBrowserMemberName,
    input: BetaBrowserMemberInput,
  ): Promise<BetaBrowserMemberResult> {
    const params: Record<string, unknown> = { name, input: JSON.parse(JSON.stringify(input ?? {})) };
    // The SDK asked `confirm` before this call reached `execute`: it is approved.
    if (this.#sdkConfirms) params['confirmed'] = true;
    let reply: Record<string, unknown>;
    try {
      try {
        reply = await this.#connection.request('member', params, { reopen: false });
      } catch (e) {
        if (!(e instanceof ConnectionBroke)) throw e;
        this.#sameBrowser(await this.#connection.request('state', {}));
        reply = await this.#connection.request('member', params);
      }
    } catch (e) {
      if (e instanceof BridgeUnavailable) throw e;
      // A bridge going away (its browser exited, or it was stopped) answers with this code: the
      // run stops, as when the connection breaks.
      if (e instanceof RequestError && e.code === 'browser_unavailable') throw new BridgeUnavailable(e.detail);
      if (e instanceof RequestError) throw this.#refused(e.detail);
      if (e instanceof BridgeError) throw new BridgeUnavailable(e.message);
      throw e;
    }
    return this.#settle(name, reply);
  }

  /**
   * After the connection broke while idle: the bridge answering now must list the tabs Claude was last told of, each
   * where it was. A restarted `tabwright launch` serves a new browser, whose tab-1 is another tab: acting there would
   * act on what Claude never saw.
   */
  #sameBrowser(result: Record<string, unknown>): BetaBrowserStateTabEntry[] {
    const block = result['browser_state'];
    const tabs = isObject(block) && Array.isArray(block['tabs']) ? (block['tabs'].filter(isObject) as Record<string, unknown>[]) : [];
    const now = new Map(tabs.map((t) => [t['tab_id'], t['url']]));
    if (this.#known.length === 0 || this.#known.some((t) => now.get(t.tab_id) === t.url)) return tabs as unknown as BetaBrowserStateTabEntry[];
    const listed = tabs.map((t) => `${String(t['tab_id'])} (${String(t['url'])})`);
    const said = [...listed.slice(0, 5), ...(listed.length > 5 ? [`and ${listed.length - 5} more`] : [])].join(', ') || 'none';
    throw new BridgeUnavailable(
      'The connection to the browser broke between two calls, and the browser that answers now has none of the ' +
        `tabs this conversation used where they were (it lists ${said}): it is another browser (tabwright launch ` +
        'was run again), so nothing was run. Start the task again in this browser.',
    );
  }

  async #browserState(_ctx: BetaToolsetCallContext): Promise<BetaBrowserState> {
    let report = this.#report;
    this.#report = null;
    if (report === null) {
      // The SDK refused the call before it reached the browser: the inventory as it is now.
      report = { tabs: this.#tabs, changes: [] };
      let result: Record<string, unknown> | null = null;
      try {
        result = await this.#connection.request('state', {}, { reopen: false });
      } catch (e) {
        if (e instanceof ConnectionBroke) {
          const again = await this.#connection.request('state', {}).catch(() => null);
          if (again) {
            this.#sameBrowser(again);
            result = again;
          }
        }
        // Otherwise the last inventory known is kept.
      }
      const block = result?.['browser_state'];
      if (isObject(block) && Array.isArray(block['tabs'])) report = { tabs: block['tabs'].filter(isObject) as any, changes: [] };
    }
    this.#tabs = report.tabs;
    if (report.tabs.length) this.#known = report.tabs;
    return { tabs: report.tabs, state_changes: report.changes };
  }

  #takeLines(first: string | undefined, sep: string): string | undefined {
    const parts = [first, ...this.#lines].filter((p): p is string => !!p);
    this.#lines = [];
    return parts.length ? parts.join(sep) : first;
  }

  #refused(message: string): ToolError {
    return new ToolError(this.#takeLines(message, '\n') || message);
  }

  /** What member `name` returns, from the bridge's reply; its state is kept for `browserState`. */
  #settle(name: BetaBrowserMemberName, reply: Record<string, unknown>): BetaBrowserMemberResult {
    const state = isObject(reply['state']) ? reply['state'] : {};
    const tabs = (Array.isArray(state['tabs']) ? state['tabs'] : []).filter(isObject).map((t) => ({ ...t })) as BetaBrowserStateTabEntry[];
    const changes: StateChange[] = (Array.isArray(state['changes']) ? state['changes'] : [])
      .filter((c: unknown) => isObject(c) && CHANGE_TYPES.has(c['type']))
      .map((c: Record<string, unknown>) => ({ ...c }) as unknown as BetaBrowserStateChange);
    for (const line of Array.isArray(state['notices']) ? state['notices'] : []) {
      if (typeof line !== 'string') continue;
      const dialog = dialogOf(line);
      if (dialog) changes.push(dialog);
      else this.#lines.push(line);
    }
    this.#report = { tabs, changes };

    const outcome = reply['outcome'];
    if (!isObject(outcome)) throw this.#refused('tabwright answered without an outcome. Take a screenshot to see what happened.');
    if ('error' in outcome) throw this.#refused(String(outcome['error']));
    const ok = isObject(outcome['ok']) ? outcome['ok'] : {};
    const kind = ok['kind'];
    const active = tabs.find((t) => t.active === true);

    if (name === 'navigate') {
      if (kind === 'navigated' && typeof ok['url'] === 'string') {
        if (ok['note']) this.#lines.push(String(ok['note']));
        return {
          url: ok['url'],
          ...(typeof ok['title'] === 'string' ? { title: ok['title'] } : {}),
          ...(typeof ok['status'] === 'number' ? { status: ok['status'] } : {}),
        };
      }
      // No page was loaded (the address started a download, and the tab stayed where it was):
      // said as it is, not as a navigation to the page the tab stayed on.
      if (kind === 'text') throw this.#refused(String(ok['text'] ?? '') || 'The navigation loaded no page.');
      if (active) return { url: active.url, title: active.title };
      throw this.#refused('The navigation finished, but no tab reports where it went. Call list_tabs to see the tabs.');
    }
    if (IMAGE_MEMBERS.has(name)) {
      if (kind === 'image' && typeof ok['data'] === 'string') {
        const mediaType = MEDIA_TYPES.has(ok['media_type']) ? ok['media_type'] : 'image/png';
        return { data: ok['data'], mediaType };
      }
      throw this.#refused(`${name} produced no image. Try again, or use read_page to read the page.`);
    }
    if (TAB_MEMBERS.has(name)) {
      const tabId = kind === 'tab' ? ok['tab_id'] : active?.tab_id;
      const entry = tabs.find((t) => t.tab_id === tabId);
      if (!entry) throw this.#refused(`The browser does not list the tab ${name} reported. Call list_tabs to see the tabs.`);
      return { ...entry };
    }
    if (name === 'list_tabs') return tabs;
    if (name === 'close_tab') return undefined;

    let text: string | undefined;
    if (kind === 'text') text = String(ok['text'] ?? '');
    else if (kind === 'ack') text = typeof ok['line'] === 'string' ? ok['line'] : undefined;
    else if (kind === 'navigated') text = `The page went to ${String(ok['url'])}.`;
    if (TEXT_MEMBERS.has(name)) {
      // The lines first, apart: after a page's text they would read as more of it.
      const lines = this.#lines.join('\n');
      this.#lines = [];
      return lines && text ? `${lines}\n\n${text}` : lines || text || '';
    }
    return this.#takeLines(text, ' ');
  }

  /** Waits for the calls in flight (the SDK's `close`), then closes the connection to the bridge. */
  override async close(): Promise<void> {
    await super.close();
    this.#connection.close();
  }
}
