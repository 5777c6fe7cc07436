// React's automatic JSX runtime as an ES module, over the UMD React: jsx(type, props, key).
const R = window.React;
export const Fragment = R.Fragment;
export function jsx(type, props, key) {
  return R.createElement(type, key === undefined ? props : { ...props, key });
}
export const jsxs = jsx;
