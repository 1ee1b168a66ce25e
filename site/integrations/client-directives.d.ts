// The client directive that island-preloads.mjs adds (after-paint.mjs), for type checking.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:after-paint'?: boolean;
  }
}
export {};
