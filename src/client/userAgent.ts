/** The package's version, sent in the User-Agent (a test keeps it equal to package.json's). */
export const productVersion = "0.1.0";

/** Sent with every request, so an explorer (and a gateway in front of it) sees which tool asks. */
export const userAgent = `explorer-verify/${productVersion}`;
