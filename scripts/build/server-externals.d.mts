export declare const SERVER_EXTERNALS: string[];
export declare const NEVER_INSTALLED: string[];
