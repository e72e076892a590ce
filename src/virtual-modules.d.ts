/** Modules made by scripts/vite-plugin-antd-css.ts. */
declare module 'virtual:antd-css-href' {
  const href: string;
  export default href;
}
