import * as React from "react";
import { Switch } from "radix-ui";
import { useDialogFormAction } from "~/components/ui/use-form-action";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FilePicker } from "~/components/ui/file-picker";
import { cn } from "~/lib/cn";
import { Alert } from "~/components/ui/alert";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Field, Input, Label, Textarea } from "~/components/ui/input";
import { DateInput } from "~/components/ui/masked-input";
import {
  AGREEMENT_MAX_FILE_BYTES,
  AGREEMENT_MAX_FILE_MB,
  LIMITS,
  VISIBILITY_LABELS,
  formatFileSize,
} from "~/domain/agreements/agreement-messages";
import { UPLOAD_MESSAGES } from "~/domain/files/file-types";
import { agreementActionSchema } from "~/domain/agreements/agreement.schema";
import type { EditableAgreement } from "~/domain/agreements/agreement-row";
import { SubmitButton } from "~/components/ui/submit-button";
import { CreateOrUpdateFields } from "~/components/ui/create-or-edit-dialog";

/** The add/edit dialog: a multipart form (fields plus the PDF) posted by a fetcher. */
export function AgreementFormDialog({ agreement, trigger }: { agreement?: EditableAgreement; trigger: React.ReactNode }) {
  const {
    Form,
    fetcher,
    open,
    setOpen,
    errors: serverErrors,
    error,
    busy,
  } = useDialogFormAction({ schema: agreementActionSchema, errorAlert: false });
  const [fileError, setFileError] = React.useState<string | undefined>();
  const [chosenFile, setChosenFile] = React.useState<string | undefined>();
  // A server complaint about the document is stale once another file is chosen.
  const [documentTouched, setDocumentTouched] = React.useState(false);
  React.useEffect(() => {
    if (fetcher.state === "submitting") setDocumentTouched(false);
  }, [fetcher.state]);
  const [isPublic, setIsPublic] = React.useState(agreement?.isPublic ?? true);
  const editing = agreement !== undefined;
  const errors: Record<string, string | undefined> = { ...serverErrors };
  if (documentTouched) delete errors.document;
  if (fileError) errors.document = fileError;
  const formError = error && Object.keys(serverErrors).length === 0 ? error : undefined;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setFileError(undefined);
      setChosenFile(undefined);
      setDocumentTouched(false);
      setIsPublic(agreement?.isPublic ?? true);
    }
  }

  function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setDocumentTouched(true);
    if (file && file.size > AGREEMENT_MAX_FILE_BYTES) {
      setFileError(UPLOAD_MESSAGES.tooLarge(AGREEMENT_MAX_FILE_MB));
      setChosenFile(undefined);
      event.target.value = "";
    } else {
      setFileError(undefined);
      setChosenFile(file?.name);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title={editing ? "Editar convenção" : "Nova convenção"}
        description={editing ? agreement.title : "Cadastre o instrumento coletivo e anexe o documento em PDF."}
        className="max-w-2xl"
      >
        <Form method="post" encType="multipart/form-data" className="grid gap-4" noValidate>
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <CreateOrUpdateFields id={agreement?.id} />
          <Field label="Título" name="title" error={errors.title}>
            {(p) => <Input {...p} defaultValue={agreement?.title} maxLength={LIMITS.title} required />}
          </Field>
          <Field label="Empresa" name="company" error={errors.company} hint="Empresa, sindicato patronal ou entidade signatária.">
            {(p) => <Input {...p} defaultValue={agreement?.company} maxLength={LIMITS.company} required />}
          </Field>
          <Field label="Descrição" name="description" error={errors.description}>
            {(p) => <Textarea {...p} defaultValue={agreement?.description} maxLength={LIMITS.description} rows={4} required />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Início da vigência" name="validFrom" error={errors.validFrom} hint="dd/mm/aaaa">
              {(p) => <DateInput {...p} defaultValue={agreement?.validFrom} required />}
            </Field>
            <Field label="Fim da vigência" name="validTo" error={errors.validTo} hint="dd/mm/aaaa">
              {(p) => <DateInput {...p} defaultValue={agreement?.validTo} required />}
            </Field>
          </div>
          <Field
            label="Documento (PDF)"
            name="document"
            error={errors.document}
            hint={
              editing && agreement.fileName
                ? `Atual: ${agreement.fileName}${agreement.fileSize ? ` (${formatFileSize(agreement.fileSize)})` : ""}. Envie outro PDF para substituí-lo.`
                : `Somente PDF, até ${AGREEMENT_MAX_FILE_MB}MB.`
            }
          >
            {(p) => (
              <FilePicker
                {...p}
                accept="application/pdf,.pdf"
                onChange={onFile}
                fileName={chosenFile}
                buttonLabel={editing && agreement.fileName ? "Substituir PDF" : "Escolher PDF"}
                nameTestId="chosen-file"
              />
            )}
          </Field>
          <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3">
            <div className="grid gap-0.5">
              <Label htmlFor="f-isPublic">Visibilidade</Label>
              <p id="f-isPublic-hint" className="text-xs text-slate-600">
                Públicas aparecem no site; internas só para a equipe.
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className={cn("text-sm font-semibold", isPublic ? "text-sky-800" : "text-navy-800")} data-testid="visibility-label">
                {isPublic ? VISIBILITY_LABELS.public : VISIBILITY_LABELS.internal}
              </span>
              <Switch.Root
                id="f-isPublic"
                name="isPublic"
                checked={isPublic}
                onCheckedChange={setIsPublic}
                aria-describedby="f-isPublic-hint"
                className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-brand-700"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
              </Switch.Root>
            </div>
          </div>
          <CheckboxField
            name="draft"
            defaultChecked={agreement?.status === "draft"}
            label={<span className="font-medium text-slate-900">Salvar como rascunho</span>}
            hint="Rascunhos não aparecem no site. Ao desmarcar, o status passa a ser calculado pela data de fim da vigência."
          />
          <SubmitButton busy={busy}>{editing ? "Salvar alterações" : "Cadastrar convenção"}</SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
