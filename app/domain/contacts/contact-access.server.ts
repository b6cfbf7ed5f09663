import type { Role } from "~/auth/permissions";
import { authorizeScreen, type Actor } from "~/domain/users/authorize.server";
import { casesScope, contactScope, type ContactSector } from "./contact-sectors";

/** The two screens that read contact messages, each with its own scope (ADR 050, 051). */
export type ContactScreen = "contacts" | "cases";

export type ContactActor = Actor & { name: string };

/**
 * Authorises the actor for the screen (the role table) and returns the sectors they may read
 * and act on there. Every contact use case starts here, so a route cannot widen the scope.
 */
export function authorizeContacts(actor: { role: Role } & Actor, screen: ContactScreen): readonly ContactSector[] {
  authorizeScreen(actor, screen);
  return screen === "cases" ? casesScope(actor.role) : contactScope(actor.role);
}
