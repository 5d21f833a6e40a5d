/** The answer's body passed the size cap: the connection was closed with the rest unread. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly maxBodyBytes: number,
    /** What the answer's `content-length` announced, when it did. */
    readonly announcedBytes: number | undefined,
  ) {
    super(`body larger than ${maxBodyBytes} bytes`);
  }
}

/** A proxy named in the environment refused the request (or its tunnel) with this HTTP status. */
export class ProxyRefusedError extends Error {
  readonly status: number;

  constructor(status: number, proxyHost: string) {
    super(`the proxy${proxyHost ? ` ${proxyHost}` : ""} refused the tunnel (HTTP ${status})`);
    this.status = status;
  }
}
