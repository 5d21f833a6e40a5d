import { createServer, type IncomingHttpHeaders } from "node:http";
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

/** An issue comment as the stand-in holds it. */
export interface StandInComment {
  id: number;
  body: string;
  user: { login: string };
}

/** The few endpoints of GitHub's REST API the Action's pull request comment uses, on 127.0.0.1. */
export interface GitHubApiStandIn {
  /** `http://127.0.0.1:PORT`: give it as GITHUB_API_URL. */
  url: string;
  requests: GitHubApiRequest[];
  /** The comments of each issue (a pull request is an issue), by `owner/repo#number`. */
  comments: Map<string, StandInComment[]>;
  /** Answer every write (POST, PATCH) with this status and message, as GitHub does when the token may not write. */
  refuseWrites: { status: number; message: string } | undefined;
  /** Comments per page of a listing: a smaller page makes the Action follow the Link header. */
  pageSize: number;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a loopback stand-in of GitHub's REST API: list, create and update issue comments
 * (`GET|POST /repos/{owner}/{repo}/issues/{number}/comments`, `PATCH /repos/{owner}/{repo}/issues/comments/{id}`),
 * with GitHub's Link header for pages. Every request is recorded.
 *
 * @returns the running stand-in
 */
export async function startGitHubApiStandIn(): Promise<GitHubApiStandIn> {
  let nextId = 1_000;
  const standIn: Omit<GitHubApiStandIn, "url" | "close"> = {
    requests: [],
    comments: new Map(),
    refuseWrites: undefined,
    pageSize: 30,
    reset() {
      standIn.requests.length = 0;
      standIn.comments.clear();
      standIn.refuseWrites = undefined;
      standIn.pageSize = 30;
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body: unknown = text ? JSON.parse(text) : undefined;
      const method = request.method ?? "";
      standIn.requests.push({ method, url: request.url ?? "", headers: request.headers, body });
      const url = new URL(request.url ?? "/", base);
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
        response.end(JSON.stringify(json));
      };
      const html = (owner: string, repo: string, number: string, id: number) =>
        `https://github.com/${owner}/${repo}/pull/${number}#issuecomment-${id}`;
      if (method !== "GET" && standIn.refuseWrites) {
        send(standIn.refuseWrites.status, { message: standIn.refuseWrites.message });
        return;
      }
      const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
      if (list) {
        const [, owner = "", repo = "", number = ""] = list;
        const key = `${owner}/${repo}#${number}`;
        const comments = standIn.comments.get(key) ?? [];
        if (method === "GET") {
          const page = Number(url.searchParams.get("page") ?? "1");
          const slice = comments.slice((page - 1) * standIn.pageSize, page * standIn.pageSize);
          const more = page * standIn.pageSize < comments.length;
          const next = new URL(url);
          next.searchParams.set("page", String(page + 1));
          send(
            200,
            slice.map((comment) => ({ ...comment, html_url: html(owner, repo, number, comment.id) })),
            more ? { link: `<${next.href}>; rel="next"` } : {},
          );
          return;
        }
        if (method === "POST") {
          const comment = {
            id: nextId++,
            body: (body as { body: string }).body,
            user: { login: "github-actions[bot]" },
          };
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
          comment.body = (body as { body: string }).body;
          send(200, { ...comment, html_url: html(owner, repo, key.split("#")[1] ?? "", comment.id) });
          return;
        }
      }
      send(404, { message: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    url: base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
