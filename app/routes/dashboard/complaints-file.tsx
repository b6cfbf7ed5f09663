import type { Route } from "./+types/complaints-file";
import { requireAccess } from "~/auth/guard.server";
import { MESSAGES } from "~/auth/permissions";
import { getComplaintFile } from "~/domain/complaints/get-complaint-file.server";
import { fileResponse } from "~/domain/files/file-store.server";
import { isAppError } from "~/utils/app-error";

function plain(status: number, text: string) {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** A complaint's evidence for staff (admin, presidência, jurídico): resource guard, no caching. */
export async function loader({ request, params }: Route.LoaderArgs) {
  let actor;
  try {
    actor = await requireAccess(request, { resource: true });
  } catch (error) {
    // A refused role gets 403 with the original's message as plain text (not the SPA's JSON).
    if (error && typeof error === "object" && (error as { type?: string }).type === "DataWithResponseInit") {
      const { title, message } = MESSAGES.complaintsDenied;
      throw plain(403, `${title}\n${message}`);
    }
    throw error;
  }
  try {
    const file = await getComplaintFile(actor, params.evidenceId);
    const inline = new URL(request.url).searchParams.get("inline") === "1";
    return fileResponse(file, { disposition: inline ? "inline" : "attachment", cache: "no-store" });
  } catch (error) {
    if (isAppError(error)) throw plain(error.status, error.message);
    throw error;
  }
}
