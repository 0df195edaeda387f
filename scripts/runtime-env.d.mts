export declare const RUNTIME_ENV: Readonly<Record<'MALLOC_ARENA_MAX' | 'NODE_OPTIONS', string>>;
export declare function runtimeEnv(env: Record<string, string | undefined>): Record<string, string>;
