import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the stand-in received. */
export interface GitHubApiRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
}

/** An account as GitHub shows it on a comment (`user`) and at `GET /user`. */
export interface StandInUser {
  login: string;
  id: number;
  type: "User" | "Bot";
}

/** An issue comment as the stand-in holds it. */
export interface StandInComment {
  id: number;
  body: string;
  user: StandInUser;
}

/** The account the workflow's GITHUB_TOKEN writes as: the Actions app's bot (its id on github.com). */
export const actionsBot: StandInUser = { login: "github-actions[bot]", id: 41_898_282, type: "Bot" };

/** How the stand-in fails to answer, for every request. */
export type StandInStall =
  /** Takes the request and never answers. */
  | "silent"
  /** Sends the head, then one byte of the body a second, forever. */
  | "trickle";

/** The few endpoints of GitHub's REST API the Action's pull request comment uses, on 127.0.0.1. */
export interface GitHubApiStandIn {
  /** `http://127.0.0.1:PORT`: give it as GITHUB_API_URL. */
  url: string;
  requests: GitHubApiRequest[];
  /** The comments of each issue (a pull request is an issue), by `owner/repo#number`. */
  comments: Map<string, StandInComment[]>;
  /**
   * Whose the token is: an account answers `GET /user`; `installation` (a GITHUB_TOKEN, the default) is refused
   * there with 403, as GitHub refuses an installation token, and writes as {@link actionsBot}.
   */
  identity: StandInUser | "installation";
  /** Answer every write (POST, PATCH) with this status and message, as GitHub does when the token may not write. */
  refuseWrites: { status: number; message: string | ((request: GitHubApiRequest) => string) } | undefined;
  /** Answer every write with a 302 to this address. */
  redirectWrites: string | undefined;
  /** The most comments per page, below the `per_page` asked for (GitHub's default 30, at most 100). */
  pageSize: number;
  /** Where the `Link` header's pages point, instead of the stand-in itself. */
  linkBase: string | undefined;
  stall: StandInStall | undefined;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a loopback stand-in of GitHub's REST API: who the token is (`GET /user`), list, create and update issue
 * comments (`GET|POST /repos/{owner}/{repo}/issues/{number}/comments`, `PATCH /repos/{owner}/{repo}/issues/comments/{id}`),
 * with `per_page`, `page` and GitHub's Link header. Every request is recorded.
 *
 * @returns the running stand-in
 */
export async function startGitHubApiStandIn(): Promise<GitHubApiStandIn> {
  let nextId = 1_000;
  const stalled = new Set<ServerResponse>();
  const standIn: Omit<GitHubApiStandIn, "url" | "close"> = {
    requests: [],
    comments: new Map(),
    identity: "installation",
    refuseWrites: undefined,
    redirectWrites: undefined,
    pageSize: 100,
    linkBase: undefined,
    stall: undefined,
    reset() {
      nextId = 1_000;
      standIn.requests.length = 0;
      standIn.comments.clear();
      standIn.identity = "installation";
      standIn.refuseWrites = undefined;
      standIn.redirectWrites = undefined;
      standIn.pageSize = 100;
      standIn.linkBase = undefined;
      standIn.stall = undefined;
    },
  };
  const answer = (request: IncomingMessage, response: ServerResponse, recorded: GitHubApiRequest) => {
    const method = recorded.method;
    const url = new URL(request.url ?? "/", base);
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      response.end(JSON.stringify(json));
    };
    if (standIn.stall === "silent") {
      stalled.add(response);
      return;
    }
    if (standIn.stall === "trickle") {
      stalled.add(response);
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      const timer = setInterval(() => response.write(" "), 1_000);
      response.on("close", () => clearInterval(timer));
      return;
    }
    const html = (owner: string, repo: string, number: string, id: number) =>
      `https://github.com/${owner}/${repo}/pull/${number}#issuecomment-${id}`;
    const writer = standIn.identity === "installation" ? actionsBot : standIn.identity;
    if (url.pathname === "/user" && method === "GET") {
      if (standIn.identity === "installation")
        send(403, {
          message: "Resource not accessible by integration",
          documentation_url: "https://docs.github.com/rest/users/users#get-the-authenticated-user",
          status: "403",
        });
      else send(200, { ...standIn.identity, html_url: `https://github.com/${standIn.identity.login}` });
      return;
    }
    if (method !== "GET" && standIn.refuseWrites) {
      const { status, message } = standIn.refuseWrites;
      send(status, {
        message: typeof message === "string" ? message : message(recorded),
        documentation_url: "https://docs.github.com/rest/issues/comments#create-an-issue-comment",
      });
      return;
    }
    if (method !== "GET" && standIn.redirectWrites) {
      response.writeHead(302, { location: standIn.redirectWrites }).end();
      return;
    }
    const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
    if (list) {
      const [, owner = "", repo = "", number = ""] = list;
      const key = `${owner}/${repo}#${number}`;
      const comments = standIn.comments.get(key) ?? [];
      if (method === "GET") {
        const page = Number(url.searchParams.get("page") ?? "1");
        const size = Math.min(Number(url.searchParams.get("per_page") ?? "30"), 100, standIn.pageSize);
        const slice = comments.slice((page - 1) * size, page * size);
        const pages = Math.max(1, Math.ceil(comments.length / size));
        const link = (to: number) => {
          const target = new URL(`${url.pathname}${url.search}`, standIn.linkBase ?? base);
          target.searchParams.set("page", String(to));
          return target.href;
        };
        const rels = [
          ...(page < pages ? [`<${link(page + 1)}>; rel="next"`, `<${link(pages)}>; rel="last"`] : []),
          ...(page > 1 ? [`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`] : []),
        ];
        send(
          200,
          slice.map((comment) => ({ ...comment, html_url: html(owner, repo, number, comment.id) })),
          rels.length > 0 ? { link: rels.join(", ") } : {},
        );
        return;
      }
      if (method === "POST") {
        const comment = { id: nextId++, body: (recorded.body as { body: string }).body, user: writer };
        standIn.comments.set(key, [...comments, comment]);
        send(201, { ...comment, html_url: html(owner, repo, number, comment.id) });
        return;
      }
    }
    const update = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (update && method === "PATCH") {
      const [, owner = "", repo = ""] = update;
      for (const [key, comments] of standIn.comments) {
        const comment = comments.find((c) => c.id === Number(update[3]));
        if (!comment || !key.startsWith(`${owner}/${repo}#`)) continue;
        comment.body = (recorded.body as { body: string }).body;
        send(200, { ...comment, html_url: html(owner, repo, key.split("#")[1] ?? "", comment.id) });
        return;
      }
    }
    send(404, { message: "Not Found" });
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const recorded = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      standIn.requests.push(recorded);
      answer(request, response, recorded);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    url: base,
    close: () => {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
