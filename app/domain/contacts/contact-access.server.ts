import { authorize, type Actor } from "~/auth/authorize";
import { casesScope, contactScope, type ContactSector } from "~/auth/scopes";

/** The two screens that read contact messages, each with its own scope (ADR 050, 051). */
export type ContactScreen = "contacts" | "cases";

export type ContactActor = Actor & { name: string };

/**
 * Authorises the actor for what they do on the screen (the action map) and returns the sectors
 * they may read and act on there. Every contact use case starts here, so a route cannot widen
 * the scope.
 */
export function authorizeContacts(
  actor: Actor,
  screen: ContactScreen,
  what: "read" | "status" | "reply" = "read",
): readonly ContactSector[] {
  authorize(actor, screen === "cases" ? "cases.manage" : `contacts.${what}`);
  return screen === "cases" ? casesScope(actor.role) : contactScope(actor.role);
}
