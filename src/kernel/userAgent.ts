/** The package's version, sent in the User-Agent (a test keeps it equal to package.json's). */
export const productVersion = "0.1.0";

/** Sent with every request, so an explorer (and a gateway in front of it) sees which tool asks. */
export const userAgent = `explorer-verify/${productVersion}`;

/**
 * A browser's User-Agent, for explorers whose bot protection refuses tools by theirs: the value the bot-protection
 * error and the README suggest for the `user-agent` setting.
 */
export const browserLikeUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
