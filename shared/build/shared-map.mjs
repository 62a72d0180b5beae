// The one module-federation shared map: every app (host and remotes) shares exactly these as singletons.
// Mantine is NOT listed: apps reach it only through @atrium/ui, which is the singleton and re-exports
// just what the product uses, so the shared chunk stays tree-shaken (STACK-NOTES item 3).
const REACT = '^19.3.1';
const singleton = (requiredVersion, extra = {}) => ({ singleton: true, requiredVersion, ...extra });

export const sharedMap = {
  react: singleton(REACT),
  'react/jsx-runtime': singleton(REACT),
  'react-dom': singleton(REACT),
  'react-dom/client': singleton(REACT),
  'react-router': singleton('^7.18.6'),
  'react-router-dom': singleton('^7.18.6'),
  rxjs: singleton('^7.8.2'),
  valtio: singleton('^2.3.2'),
  '@tanstack/react-query': singleton('^5.108.0'),
  '@atrium/contracts': singleton('^0.1.0', { version: '0.1.0' }),
  '@atrium/api-client': singleton('^0.1.0', { version: '0.1.0' }),
  '@atrium/event-bus': singleton('^0.1.0', { version: '0.1.0' }),
  '@atrium/ui': singleton('^0.1.0', { version: '0.1.0' }),
};
