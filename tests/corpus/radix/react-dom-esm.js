// ReactDOM 18 as an ES module (see react-esm.js).
const D = window.ReactDOM;
export default D;
export const { createPortal, createRoot, findDOMNode, flushSync, hydrate, hydrateRoot, render, unmountComponentAtNode, unstable_batchedUpdates, version } = D;
