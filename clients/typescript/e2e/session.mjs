// One tool-runner session with the tabwright toolset: what the e2e test runs against its fake Messages API.
//
//   node e2e/session.mjs --thread on|off --stream on|off TASK
//
// Reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL as the SDK does, and finds the agent socket as the toolset does
// ($TABWRIGHT_SOCKET). Streams Claude's text to stderr and prints `final: <text>` last on stdout.
import Anthropic from '@anthropic-ai/sdk';
import { TabwrightBrowser } from '../dist/index.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const thread = flag('thread', 'on');
const stream = flag('stream', 'off') === 'on';
const task = args.join(' ');

const textOf = (message) => message.content.filter((b) => b.type === 'text').map((b) => b.text).join('');

const client = new Anthropic({ maxRetries: 0 });
const browser = new TabwrightBrowser();
try {
  const runner = client.beta.messages.toolRunner({
    model: 'claude-opus-5',
    max_tokens: 2048,
    tools: [browser],
    messages: [{ role: 'user', content: task }],
    stream,
    ...(thread === 'off' ? { thread: false } : {}),
  });
  if (stream) {
    for await (const events of runner) {
      for await (const event of events) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') process.stderr.write(event.delta.text);
      }
      process.stderr.write('\n');
    }
  }
  const final = await runner.runUntilDone();
  process.stdout.write(`final: ${JSON.stringify(textOf(final))}\n`);
} finally {
  await browser.close();
}
