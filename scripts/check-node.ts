// npm runs scripts with the project's own Node 24 (the `node` dev dependency). If that binary
// is missing, npm silently falls back to the system Node: say so loudly instead.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `Fete runs on Node 24 but this is Node ${process.versions.node}.\n` +
      'Run `npm install` (without --ignore-scripts) so node_modules/.bin/node is Node 24, and use npm scripts.',
  );
  process.exit(1);
}
