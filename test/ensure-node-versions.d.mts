// Types of ensure-node-versions.mjs (the Node releases pretest fetches), for test/node-versions.node.test.ts.

/** The versions, as `major.minor.patch`. */
export const NODE_VERSIONS: readonly string[];

/** The oldest Node that package.json's `engines` admits, as `major.minor.patch`. */
export const OLDEST_NODE: string;

/** The path of a version's executable (fetched by `pretest`). */
export function nodeBinary(version: string): string;

/** That path, or an error that says how to fetch the version when it is missing. */
export function requiredNodeBinary(version: string): string;
