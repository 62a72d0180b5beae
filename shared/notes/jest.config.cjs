module.exports = require('@atrium/build/jest')({
  dir: __dirname,
  env: 'jsdom',
  setupFiles: [require.resolve('./jest.setup.cjs')],
});
