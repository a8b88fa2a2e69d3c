declare const __COVE_VERSION__: string;
declare const __COVE_BUILD__: string;

/** Which Cove this is: the package version and the build (commit) it was made from. */
export const BUILD_INFO = { version: __COVE_VERSION__, build: __COVE_BUILD__ } as const;
