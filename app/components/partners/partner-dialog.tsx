import * as React from "react";
import { DeleteButton } from "~/components/ui/delete-button";
import { ImageUp } from "~/components/icons/sprite";
import { useDialogFormAction } from "~/components/ui/use-form-action";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { DEFAULT_PARTNER_CATEGORY, PARTNER_LOGO_MAX_BYTES, PARTNER_MESSAGES, partnerActionSchema } from "~/domain/partners/partner.schema";
import { Field, FieldMessages, Input, Textarea } from "~/components/ui/input";
import type { PartnerRow } from "~/domain/partners/partner-row";
import { SubmitButton } from "~/components/ui/submit-button";
import { CreateOrEditDialog, CreateOrUpdateFields } from "~/components/ui/create-or-edit-dialog";

/** The logo picker: shows the current logo or a preview of the chosen file, checked for size. */
function LogoField({ partner, error }: { partner?: PartnerRow; error?: string }) {
  const [preview, setPreview] = React.useState<string | null>(null);
  const [localError, setLocalError] = React.useState<string | null>(null);
  const [remove, setRemove] = React.useState(false);
  const [fileName, setFileName] = React.useState<string | null>(null);
  React.useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? (remove ? null : (partner?.logoUrl ?? null));
  const message = localError ?? error;
  const id = partner ? `f-logo-${partner.id}` : "f-logo-new";
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">Logo</legend>
      <div className="flex items-center gap-4">
        <span className="flex size-20 shrink-0 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 p-1">
          {shown ? (
            <img src={shown} alt="Pré-visualização do logo" className="size-full rounded-lg object-contain" />
          ) : (
            <ImageUp aria-hidden className="size-7 text-slate-400" />
          )}
        </span>
        <div className="grid min-w-0 gap-1.5">
          <input
            id={id}
            name="logo"
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}
            className="peer sr-only"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setLocalError(null);
              if (preview) URL.revokeObjectURL(preview);
              setPreview(null);
              setFileName(file?.name ?? null);
              if (!file) return;
              if (file.size > PARTNER_LOGO_MAX_BYTES) {
                setLocalError(PARTNER_MESSAGES.logoTooLarge);
                setFileName(null);
                e.currentTarget.value = "";
                return;
              }
              setPreview(URL.createObjectURL(file));
            }}
          />
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 peer-focus-visible:[&>label]:outline-2 peer-focus-visible:[&>label]:outline-offset-2 peer-focus-visible:[&>label]:outline-brand-600">
            <label
              htmlFor={id}
              className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-navy-900 px-3 text-sm font-semibold text-white hover:bg-navy-800"
            >
              <ImageUp aria-hidden className="size-4" /> {partner?.logoUrl ? "Trocar imagem" : "Escolher imagem"}
              <span className="sr-only"> do logo</span>
            </label>
            <span className="min-w-0 truncate text-sm text-slate-700">{fileName ?? "Nenhum arquivo escolhido"}</span>
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            JPG, PNG, GIF ou WebP, até 2 MB. A imagem é regravada sem metadados.
          </p>
          {partner?.logoUrl && !preview ? (
            <CheckboxField
              name="removeLogo"
              id={`${id}-remove`}
              boxed={false}
              checked={remove}
              onChange={(e) => setRemove(e.target.checked)}
              label="Remover logo atual"
            />
          ) : null}
        </div>
      </div>
      <FieldMessages id={id} error={message} />
    </fieldset>
  );
}

const FORM_HINT = "Os parceiros ativos aparecem em /parceiros e na página inicial.";

/** Create (no `partner`) or edit a partner in a dialog; the form is multipart for the logo. */
export function PartnerDialog({ partner, categories }: { partner?: PartnerRow; categories: string[] }) {
  // Each success clears the form (remounted by its key) and closes the dialog.
  const { Form, open, setOpen, openErrors: errors, busy, resetKey } = useDialogFormAction({ schema: partnerActionSchema });
  const listId = partner ? `categorias-${partner.id}` : "categorias-novo";
  const p = (name: string) => (partner ? `${name}-${partner.id}` : name);
  return (
    <CreateOrEditDialog open={open} onOpenChange={setOpen} editing={partner?.name} createLabel="Novo parceiro" description={FORM_HINT}>
      <Form key={resetKey} method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
        <CreateOrUpdateFields id={partner?.id} />
        <Field label="Nome" name={p("name")} error={errors.name}>
          {(f) => <Input {...f} name="name" defaultValue={partner?.name} required maxLength={120} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
          <Field label="Categoria" name={p("category")} error={errors.category} hint="Parceiros são agrupados por categoria.">
            {(f) => (
              <Input
                {...f}
                name="category"
                list={listId}
                defaultValue={partner?.category ?? DEFAULT_PARTNER_CATEGORY}
                required
                maxLength={60}
              />
            )}
          </Field>
          <Field label="Ordem" name={p("sortOrder")} error={errors.sortOrder}>
            {(f) => (
              <Input {...f} name="sortOrder" type="number" min={0} max={9999} step={1} defaultValue={String(partner?.sortOrder ?? 0)} />
            )}
          </Field>
        </div>
        <datalist id={listId}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Field label="Descrição" name={p("description")} error={errors.description}>
          {(f) => <Textarea {...f} name="description" defaultValue={partner?.description} required maxLength={500} rows={3} />}
        </Field>
        <Field label="Site" name={p("website")} error={errors.website} hint="Endereço completo, começando com https://">
          {(f) => <Input {...f} name="website" type="url" inputMode="url" placeholder="https://" defaultValue={partner?.website ?? ""} />}
        </Field>
        <LogoField partner={partner} error={errors.logo} />
        <CheckboxField
          name="active"
          id={p("f-active")}
          defaultChecked={partner?.active ?? true}
          label={<span className="font-medium">Ativo</span>}
          hint="Desmarque para esconder do site sem excluir."
        />
        <SubmitButton busy={busy}>{partner ? "Salvar alterações" : "Criar parceiro"}</SubmitButton>
      </Form>
    </CreateOrEditDialog>
  );
}

export function DeletePartnerButton({ partner }: { partner: PartnerRow }) {
  return (
    <DeleteButton
      id={partner.id}
      name={partner.name}
      title="Excluir parceiro"
      description={`Tem certeza que deseja excluir o parceiro ${partner.name}? O logo também será apagado. Esta ação não pode ser desfeita.`}
    />
  );
}
