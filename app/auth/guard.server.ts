import { data, redirect } from "react-router";
import { recordRefusal } from "~/domain/audit/record-refusal.server";
import { getSessionState, type SessionStage, type SessionUser } from "./session.server";
import { panelPath } from "./roles";
import { canAccessScreen, FORBIDDEN_MESSAGE, normalizePathname, screenById, screenFor, type Screen } from "./screens";

export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const target = normalizePathname(url.pathname) + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(target)}`);
}

/** Where a session that stopped half-way goes next (ADR 185). */
export const SECOND_FACTOR_PATHS = { code: "/login/verificacao", enrol: "/login/ativar-verificacao" } as const;

function stepRedirect(request: Request, stage: Exclude<SessionStage, "full">) {
  const url = new URL(request.url);
  const target = normalizePathname(url.pathname) + url.search;
  return redirect(`${SECOND_FACTOR_PATHS[stage]}?redirectTo=${encodeURIComponent(target)}`);
}

/**
 * The fully signed-in user, or a redirect: to /login when signed out, to the code step or to
 * enrolment when the session still owes its second factor (ADR 185). Every dashboard loader and
 * action comes through here (requireAccess), so a half-signed-in session reaches no data and
 * writes nothing, whatever the route.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const state = await getSessionState(request);
  if (!state) throw loginRedirect(request);
  if (state.stage !== "full") throw stepRedirect(request, state.stage);
  return state.user;
}

/**
 * The user of a session at exactly this stage (the code step's and the enrolment's own pages):
 * signed out (or timed out) → /login; already further → the panel.
 */
export async function requireSessionStage(request: Request, stage: Exclude<SessionStage, "full">): Promise<SessionUser> {
  const state = await getSessionState(request);
  if (!state) throw redirect("/login");
  if (state.stage === stage) return state.user;
  if (state.stage === "full") throw redirect(panelPath(state.user.role));
  throw redirect(SECOND_FACTOR_PATHS[state.stage]);
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
export async function requireAccess(request: Request, options: { screen?: string; resource?: boolean } = {}): Promise<SessionUser> {
  const user = await requireUser(request);
  const screen: Screen | undefined = options.screen ? screenById(options.screen) : screenFor(new URL(request.url).pathname);
  if (screen && canAccessScreen(user.role, screen)) return user;
  // A refused action is written to the audit log (ADR 182).
  if (!isRead(request)) await recordRefusal(user, request);
  throw denial(user, screen, !isRead(request) || options.resource === true);
}

function denial(user: SessionUser, screen: Screen | undefined, hard: boolean) {
  if (hard || !screen) {
    return data({ title: "Acesso Negado", message: FORBIDDEN_MESSAGE }, { status: 403 });
  }
  if (screen.denial.kind === "redirect") return redirect(panelPath(user.role));
  return data({ title: screen.denial.title, message: screen.denial.message }, { status: 403 });
}
