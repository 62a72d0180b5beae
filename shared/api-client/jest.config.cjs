// The shared preset (swc → CommonJS, node env) with a package-local transform list for the ESM-only deps.
// The preset's own pattern requires a '/' right after '.pnpm/<name>@', so pnpm paths never match
// and ky/valtio would reach jest untransformed (same workaround as server/jest.config.cjs).
const base = require('@atrium/build/jest')({ dir: __dirname, env: 'node' });
const esm = ['ky', 'valtio', 'proxy-compare'].join('|');
module.exports = {
  ...base,
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/(?:${esm})@|(?:${esm})/)`],
};
