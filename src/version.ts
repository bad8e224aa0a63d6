/** The service version (package.json) and the API version (SPEC part 9). */
export const VERSION = '0.1.0';
export const API_VERSION = '1.0.0';
