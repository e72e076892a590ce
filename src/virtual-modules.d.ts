/** Modules made by scripts/vite-plugin-antd-css.ts. */
declare module 'virtual:antd-css-href' {
  const href: string;
  export default href;
}

/** The desk's antd stylesheet (scripts/vite-plugin-antd-css.ts deskAntdCss), imported for its effect. */
declare module 'virtual:desk-antd.css';
