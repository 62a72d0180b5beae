module.exports = require('@atrium/build/jest')({ dir: __dirname, env: 'node' });
