export declare const RUNTIME_ENV: Readonly<Record<'MALLOC_ARENA_MAX' | 'MALLOC_MMAP_THRESHOLD_' | 'NODE_OPTIONS', string>>;
export declare function runtimeEnv(env: Record<string, string | undefined>): Record<string, string>;
