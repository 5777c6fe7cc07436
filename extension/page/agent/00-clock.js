  // The agent's timers. In a document where no script may run (served with a CSP `sandbox`
  // that leaves out allow-scripts, as sites of raw user files are; a frame sandboxed the same
  // way; a site the person turned scripts off for) the browser runs no timer callback, this
  // world's included, so every wait of the agent that a timer ends would last until the core
  // gave up on it. Tasks of the page's scheduler still run there: in such a document the
  // agent's timers are scheduler tasks. (It parses a <noscript>'s content as markup, where a
  // document that runs scripts keeps it as text.) Elsewhere they are the browser's own.
  const [setTimeout, clearTimeout, setInterval, clearInterval] = (() => {
    const own = [globalThis.setTimeout, globalThis.clearTimeout, globalThis.setInterval, globalThis.clearInterval].map((f) => f.bind(globalThis));
    let scriptless = false;
    try {
      const probe = document.createElement("div");
      probe.innerHTML = "<noscript><i></i></noscript>";
      scriptless = probe.firstChild?.firstChild?.nodeType === Node.ELEMENT_NODE;
    } catch {}
    if (!scriptless || typeof globalThis.scheduler?.postTask !== "function") return own;
    const tasks = new Map();
    let next = 1;
    const start = (fn, ms, every) => {
      const id = next++;
      const post = () => {
        const control = new TaskController();
        tasks.set(id, control);
        scheduler.postTask(() => {
          if (every) post();
          else tasks.delete(id);
          fn();
        }, { delay: Math.max(0, Number(ms) || 0), signal: control.signal }).catch(() => {});
      };
      post();
      return id;
    };
    const clear = (id) => {
      tasks.get(id)?.abort();
      tasks.delete(id);
    };
    return [(fn, ms) => start(fn, ms, false), clear, (fn, ms) => start(fn, ms, true), clear];
  })();
