/** The package's version (package.json's), for `--version` and the service's API document. */
export const bodenVersion = '0.1.0';
