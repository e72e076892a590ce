/**
 * The Node.js the site runs on. package.json's `engines.node` says which; `npm install`
 * puts that Node in node_modules (the `node` package), and every npm script runs it.
 * Started any other way on an older Node (`node server/server.ts` with a machine's own
 * Node 20, say), the server and the staff commands stop here with one sentence instead
 * of failing later in a library that needs the newer Node.
 */
import { createRequire } from 'node:module';

const packageJson = createRequire(import.meta.url)('../package.json') as { engines: { node: string } };

/** The oldest major version of Node.js the site supports, from package.json (">=24"). */
export const REQUIRED_NODE_MAJOR = Number(/^>=\s*(\d+)/.exec(packageJson.engines.node)?.[1]);

/** Why this Node cannot run the site, or undefined when it can. */
export function runtimeProblem(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return (
    `This site needs Node.js ${REQUIRED_NODE_MAJOR} or newer and this is Node.js ${version}: ` +
    'start it with `npm start` (which runs the Node that `npm install` put in node_modules) or install Node.js ' +
    `${REQUIRED_NODE_MAJOR}.`
  );
}

const problem = runtimeProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
