/**
 * React and the router, as one chunk of their own in both builds (the public site's and
 * the desk's): it changes only when they are upgraded, so a returning visitor keeps it cached.
 */
export const FRAMEWORK_CHUNK = {
  name: 'framework',
  test: /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//,
};
