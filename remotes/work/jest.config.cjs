// FullCalendar v7 (and its Temporal polyfill) ship ES modules only: jest transforms them (pnpm's folder names
// spell a scoped package '@scope+name').
module.exports = require('@atrium/build/jest')({
  dir: __dirname,
  env: 'jsdom',
  esmDeps: ['@fullcalendar[+/][\\w-]+', '@full-ui[+/][\\w-]+', 'temporal-polyfill', 'temporal-utils', 'temporal-spec'],
});
