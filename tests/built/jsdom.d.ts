// The part of jsdom's API the built-file tests use (jsdom ships no types, and @types/jsdom is not installed).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { readonly document: Document };
  }
}
