/**
 * A module of core's answers worked out when the site is built (integrations/banksia-core.mjs):
 * its default export is what the module's own default export returned, as plain data. The importer
 * gives it its type (`ReturnType` of that function).
 */
declare module '*?at-build' {
  const answers: unknown;
  export default answers;
}
