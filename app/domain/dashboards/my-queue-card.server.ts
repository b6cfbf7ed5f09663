import { can } from "~/auth/screens";
import { countMyQueue } from "~/domain/service-records/my-queue.server";
import type { ServiceActor } from "~/domain/service-records/service-access.server";
import { log } from "~/utils/logger.server";
import type { Section, StatCard } from "./panel-types";

export const MY_QUEUE_CARD_ID = "meus-atendimentos";

/**
 * The panel's "Meus Atendimentos" card (issue 22 §1, ADR 257): the count of the user's queue,
 * read by the same use case as the page it links to, so the two always agree. Per user, so it is
 * computed on every panel load, beside the per-role cache. None for a role without the queue.
 */
export async function myQueueCard(user: ServiceActor): Promise<Section<StatCard> | null> {
  if (!can(user.role, "services.mine")) return null;
  try {
    const value = await countMyQueue(user);
    return {
      ok: true,
      data: {
        id: MY_QUEUE_CARD_ID,
        label: "Meus Atendimentos",
        value,
        href: "/dashboard/meus-atendimentos",
        hint: "Abertos sob sua responsabilidade",
      },
    };
  } catch (err) {
    log.warn("painel: consulta indisponível", { section: MY_QUEUE_CARD_ID, error: (err as Error).message });
    return { ok: false, id: MY_QUEUE_CARD_ID, title: "Meus Atendimentos" };
  }
}
