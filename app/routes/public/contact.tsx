import { redirect, useLoaderData, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { Mail } from "~/components/icons/sprite";
import type { Route } from "./+types/contact";
import { submitContactMessage } from "~/domain/contacts/submit-contact-message.server";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "~/domain/contacts/contact.schema";
import { isContactSector } from "~/auth/scopes";
import { publicAction } from "~/utils/action.server";
import { seoMeta } from "~/utils/seo";
import { PageHero } from "~/components/layout/page-hero";
import { ContactForm } from "~/components/contacts/contact-form";
import { ContactInfo } from "~/components/contacts/contact-info";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = seoMeta({
  title: "Fale Conosco",
  description:
    "Escreva para o Sindicato dos Bombeiros Civis do DF: dúvidas, filiação, questões trabalhistas e financeiras. Endereço, telefones, e-mail e horário de atendimento.",
  path: "/contato",
});

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Other pages may open the form with a subject or sector chosen (e.g. /parceiros: ?assunto=…).
  const preset: Record<string, string> = {};
  const subject = params.get("assunto")?.trim().slice(0, CONTACT_LIMITS.subject);
  if (subject) preset.subject = subject;
  const sector = params.get("setor");
  if (isContactSector(sector)) preset.sector = sector;
  return { sent: params.get("enviado") === "1", preset };
}

/**
 * One intent, 'send'. The use case validates the fields itself, after counting the post against
 * the per-address limit (every post counts, valid or not) and dropping a filled honeypot.
 */
const contactIntents = z.discriminatedUnion("intent", [z.object({ intent: z.literal("send") })]);

export async function action({ request, context }: Route.ActionArgs) {
  return publicAction(request, contactIntents, {
    defaultIntent: "send",
    fallback: CONTACT_MESSAGES.sendError,
    invalidMessage: CONTACT_MESSAGES.invalidForm,
    // What is echoed back into the form after an error (never the honeypot).
    echo: ["name", "email", "phone", "subject", "message", "sector", "consent"],
    handlers: {
      send: async (_input, { fields }) => {
        await submitContactMessage(fields, context.clientIp);
        // Post/redirect/get: a refresh never sends the message twice, and the form comes back empty.
        return redirect("/contato?enviado=1#formulario");
      },
    },
  });
}

export default function ContactPage() {
  const { sent, preset } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/public/layout");
  // The public layout's loader always runs before this page renders (no client-side defaults).
  if (!layout) throw new Error("contato: dados do layout público ausentes");
  const { content } = layout;
  return (
    <>
      <PageHero
        eyebrow="Fale Conosco"
        title="Fale com o sindicato"
        lead="Dúvidas, sugestões ou pedidos de atendimento: escolha o setor, escreva sua mensagem e a equipe responde pelo e-mail informado."
      />
      <div className="bg-slate-50">
        <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
          <section
            id="formulario"
            aria-labelledby="form-title"
            className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          >
            <div className="mb-6 flex items-start gap-4">
              <span className="hidden size-12 shrink-0 place-items-center rounded-xl bg-brand-700 text-white sm:grid">
                <Mail className="size-6" aria-hidden />
              </span>
              <div>
                <h2 id="form-title" className="text-xl font-bold text-navy-950 sm:text-2xl">
                  Envie sua mensagem
                </h2>
                <p className="mt-1 text-sm text-slate-600">A resposta chega pelo e-mail que você informar.</p>
              </div>
            </div>
            <ContactForm sent={sent} preset={preset} />
          </section>
          <ContactInfo content={content} />
        </div>
      </div>
    </>
  );
}
