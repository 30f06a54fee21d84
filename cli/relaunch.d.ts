/** Types of cli/relaunch.js (plain JavaScript, so that cli/bin.js can load it on any Node). */
export declare function engineFlags(command: string | undefined): string[];
export declare function commandOf(argv: string[]): string | undefined;
export declare function relaunch(node: string, nodeArgs: string[]): Promise<never>;
export declare function runsPgliteHere(env: Record<string, string | undefined>): boolean;
export declare function execWithServerMalloc(command: string | undefined): void;
