// The zod API the apps use in the browser, as one module the host provides and every remote shares
// (shared/build/shared-map.mjs). Sharing 'zod' itself would ship its whole package, locales included (a 87 KB gz
// chunk, measured); tree-shaken inside each app it is 25 KB, but then every remote carried a copy of its own. This
// module lists what the code calls (`z.string`, `z.object`, …) so the one shared copy is the used part only.
// A name missing here fails the build (webpack: "export 'x' (imported as 'z') was not found in 'zod'").
// It imports 'zod/v4' (the same code) because a request for 'zod' itself is the shared module.
export {
  NEVER,
  ZodError,
  ZodType,
  array,
  boolean,
  coerce,
  discriminatedUnion,
  enum,
  iso,
  literal,
  null,
  number,
  object,
  preprocess,
  record,
  string,
  undefined,
  union,
  unknown,
} from 'zod/v4';
