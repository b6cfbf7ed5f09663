import { data, redirect } from "react-router";
import { getSessionUser, type SessionUser } from "./session.server";
import { canAccessScreen, FORBIDDEN_MESSAGE, normalizePathname, panelPath, screenById, screenFor, type Screen } from "./permissions";

export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const target = normalizePathname(url.pathname) + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(target)}`);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

function isRead(request: Request) {
  return request.method === "GET" || request.method === "HEAD";
}

/**
 * The guard every dashboard loader and action calls. The screen is found from the request's
 * own URL in the role table (or given explicitly for resource routes), so a module cannot
 * guard itself with the wrong entry.
 *
 * - signed out: redirect to /login?redirectTo=…
 * - writes (POST, …) or `resource` reads without the role: HTTP 403, nothing changes
 * - page reads without the role: the original's redirect to the own panel, or its message
 */
export async function requireAccess(
  request: Request,
  options: { screen?: string; resource?: boolean } = {},
): Promise<SessionUser> {
  const user = await requireUser(request);
  const screen: Screen | undefined = options.screen
    ? screenById(options.screen)
    : screenFor(new URL(request.url).pathname);
  if (screen && canAccessScreen(user.role, screen)) return user;
  throw denial(user, screen, !isRead(request) || options.resource === true);
}

function denial(user: SessionUser, screen: Screen | undefined, hard: boolean) {
  if (hard || !screen) {
    return data({ title: "Acesso Negado", message: FORBIDDEN_MESSAGE }, { status: 403 });
  }
  if (screen.denial.kind === "redirect") return redirect(panelPath(user.role));
  return data({ title: screen.denial.title, message: screen.denial.message }, { status: 403 });
}
