import { useLoaderData } from "react-router";
import type { Route } from "./+types/service-canned-replies";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { cannedRepliesScope, isServiceSector, type ServiceSector } from "~/auth/scopes";
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from "~/domain/service-records/canned-replies.server";
import { CANNED_LIMITS, CANNED_MESSAGES, CANNED_PLACEHOLDERS, cannedReplyActionSchema } from "~/domain/service-records/canned-replies";
import { SECTOR_LABELS } from "~/domain/service-records/service-options";
import { loadOrFail } from "~/utils/load.server";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DeleteButton } from "~/components/ui/delete-button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { EditButton } from "~/components/ui/edit-button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { Field, Input, Textarea } from "~/components/ui/input";
import { SegmentedNav } from "~/components/ui/segmented-nav";
import { useDialogFormAction, useFormAction } from "~/components/ui/use-form-action";

export const meta: Route.MetaFunction = () => [{ title: "Respostas prontas | Painel" }];

/**
 * Canned replies per sector (issue 22 §6, ADR 265): admin manages every sector's, each sector's
 * role its own; a record's page offers its sector's, filled with the requester's name and protocol.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const scope = cannedRepliesScope(user.role);
  const asked = new URL(request.url).searchParams.get("setor");
  const sector: ServiceSector = isServiceSector(asked) && scope.includes(asked) ? asked : scope[0];
  const replies = await loadOrFail(() => listCannedReplies(user, sector), CANNED_MESSAGES.loadError);
  return { sectors: [...scope], sector, replies: replies.map(({ updatedAt: _u, ...r }) => r) };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, cannedReplyActionSchema, (actor) => ({
    fallback: { create: CANNED_MESSAGES.saveError, update: CANNED_MESSAGES.saveError, delete: CANNED_MESSAGES.deleteError },
    idempotent: { create: "canned-reply" },
    handlers: {
      create: async (input) => (await createCannedReply(actor, input), CANNED_MESSAGES.created),
      update: async (input) => (await updateCannedReply(actor, input), CANNED_MESSAGES.updated),
      delete: async (input) => (await deleteCannedReply(actor, input.id), CANNED_MESSAGES.deleted),
    },
  }));
}

type Reply = Awaited<ReturnType<typeof loader>>["replies"][number];

const PLACEHOLDER_HINT = `Marcadores: ${Object.entries(CANNED_PLACEHOLDERS)
  .map(([k, v]) => `{${k}} (${v})`)
  .join(", ")}.`;

function SectorTabs({ sectors, sector }: { sectors: ServiceSector[]; sector: ServiceSector }) {
  if (sectors.length < 2) return null;
  return (
    <SegmentedNav
      label="Setor"
      linkClassName="inline-flex h-10 items-center whitespace-nowrap rounded-md px-3 text-sm font-semibold"
      items={sectors.map((s) => ({ key: s, to: `?setor=${s}`, label: SECTOR_LABELS[s], current: s === sector }))}
    />
  );
}

function CreateForm({ sector }: { sector: ServiceSector }) {
  // After creating, the focus goes to the list's heading (its count now includes the new reply),
  // not to the page's body when the form is re-mounted empty.
  const { Form, errors, busy, resetKey } = useFormAction({
    intent: "create",
    schema: cannedReplyActionSchema,
    onSuccess: () => requestAnimationFrame(() => document.getElementById("lista-respostas")?.focus()),
  });
  return (
    <Form method="post" key={`${sector}-${resetKey}`} className="grid gap-3" noValidate aria-label="Nova resposta pronta">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="sector" value={sector} />
      <IdempotencyKey />
      <Field label="Título" name="title" error={errors.title}>
        {(f) => <Input {...f} maxLength={CANNED_LIMITS.title} required />}
      </Field>
      <Field label="Texto" name="body" error={errors.body ?? errors.sector} hint={PLACEHOLDER_HINT}>
        {(f) => <Textarea {...f} rows={5} maxLength={CANNED_LIMITS.body} required />}
      </Field>
      <div>
        <Button type="submit" disabled={busy}>
          Criar resposta pronta
        </Button>
      </div>
    </Form>
  );
}

function EditDialog({ reply }: { reply: Reply }) {
  const { Form, open, setOpen, openErrors: errors, busy } = useDialogFormAction({ intent: "update", schema: cannedReplyActionSchema });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <EditButton name={reply.title} />
      </DialogTrigger>
      <DialogContent title="Editar resposta pronta" description={reply.title} className="max-w-2xl">
        <Form method="post" className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={reply.id} />
          <Field label="Título" name="edit-title" error={errors.title}>
            {(f) => <Input {...f} name="title" defaultValue={reply.title} maxLength={CANNED_LIMITS.title} required />}
          </Field>
          <Field label="Texto" name="edit-body" error={errors.body} hint={PLACEHOLDER_HINT}>
            {(f) => <Textarea {...f} name="body" defaultValue={reply.body} rows={6} maxLength={CANNED_LIMITS.body} required />}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              Salvar alterações
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export default function CannedRepliesPage() {
  const { sectors, sector, replies } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-5">
      <PageHeader
        title="Respostas prontas"
        description="Textos do setor para inserir nos comentários dos atendimentos, com o nome do solicitante e o protocolo preenchidos."
      />
      <SectorTabs sectors={sectors} sector={sector} />
      <div className="grid gap-5 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="lista-respostas" className="grid content-start gap-3">
          <h2 id="lista-respostas" tabIndex={-1} className="scroll-mt-24 text-lg font-bold text-navy-950 outline-none">
            {SECTOR_LABELS[sector]}: {replies.length} {replies.length === 1 ? "resposta pronta" : "respostas prontas"}
          </h2>
          {replies.length === 0 ? <p className="text-sm text-slate-700">{CANNED_MESSAGES.empty}</p> : null}
          <ul className="grid gap-3" data-testid="canned-replies">
            {replies.map((r) => (
              <li key={r.id}>
                <Card className="grid gap-2 p-4">
                  <h3 className="font-semibold text-slate-900">{r.title}</h3>
                  <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{r.body}</p>
                  <div className="flex flex-wrap gap-2">
                    <EditDialog reply={r} />
                    <DeleteButton
                      id={r.id}
                      name={r.title}
                      title="Excluir resposta pronta"
                      description={
                        <>
                          A resposta pronta deixa de ser oferecida nos atendimentos do setor. Os comentários já feitos com ela ficam.
                          <span className="mt-2 block font-semibold text-slate-900">{r.title}</span>
                        </>
                      }
                    />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>
        <Card className="content-start p-5">
          <h2 className="mb-3 text-lg font-bold text-navy-950">Nova resposta pronta</h2>
          <CreateForm sector={sector} />
        </Card>
      </div>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
