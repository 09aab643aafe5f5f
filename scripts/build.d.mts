// Types of what the tests use from scripts/build.mjs.
export declare const ROOT: string;
export declare const DIST: string;
/** Build the server into dist/ when it is missing or stale; `log` gets one line when it builds. */
export declare function ensureServerBuild(log: (line: string) => void, root?: string): Promise<void>;
