// Async boundary: shared singletons are negotiated before any app code runs.
Promise.resolve().then(function () { return require('./bootstrap'); });
