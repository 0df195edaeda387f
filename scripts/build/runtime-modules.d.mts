/** Copies the server bundle's externals and their run-time dependencies from `root`'s node_modules to `destination`; their names. */
export declare function runtimeModules(root: string, destination: string): string[];
