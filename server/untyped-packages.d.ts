/**
 * The part of `cookie` 0.7 and `negotiator` 0.6 the server uses, typed as their DefinitelyTyped
 * packages type it: neither ships types, and @types/cookie@0.6.0 and @types/negotiator@0.6.5 are not
 * installed yet. Delete this file once they are development dependencies.
 */
declare module 'cookie' {
  export interface CookieParseOptions {
    decode?(value: string): string;
  }
  export interface CookieSerializeOptions {
    domain?: string | undefined;
    encode?(value: string): string;
    expires?: Date | undefined;
    httpOnly?: boolean | undefined;
    maxAge?: number | undefined;
    partitioned?: boolean | undefined;
    path?: string | undefined;
    priority?: 'low' | 'medium' | 'high' | undefined;
    sameSite?: true | false | 'lax' | 'strict' | 'none' | undefined;
    secure?: boolean | undefined;
  }
  export function parse(str: string, options?: CookieParseOptions): Record<string, string | undefined>;
  export function serialize(name: string, value: string, options?: CookieSerializeOptions): string;
}

declare module 'negotiator' {
  namespace Negotiator {
    interface Headers {
      [key: string]: string | string[] | undefined;
    }
  }
  class Negotiator {
    constructor(request: { headers: Negotiator.Headers });
    encoding(available?: readonly string[]): string | undefined;
    encodings(available?: readonly string[]): string[];
  }
  export = Negotiator;
}
