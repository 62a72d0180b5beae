// jsdom plus the web platform globals Node 20 has and jsdom lacks (ky needs them at import time).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'TransformStream',
  'WritableStream',
  'structuredClone',
  'BroadcastChannel',
];

class AtriumJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const key of FROM_NODE)
      if (this.global[key] === undefined && globalThis[key] !== undefined) this.global[key] = globalThis[key];
  }
}

module.exports = AtriumJsdomEnvironment;
