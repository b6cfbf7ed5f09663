import * as React from "react";
import { SubmitButton } from "~/components/ui/submit-button";
import { MapPin } from "~/components/icons/sprite";
import { Alert } from "~/components/ui/alert";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { DUPLICATE_MESSAGES } from "~/domain/fieldwork/workplace-duplicates";
import { useDialogFormAction } from "~/components/ui/use-form-action";
import { CepField } from "~/components/address/cep-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/input";
import { MaskedInput } from "~/components/ui/masked-input";
import { formatCep } from "~/lib/br/cep";
import type { WorkplaceListItem } from "~/domain/fieldwork/workplace-row";
import { workplaceActionSchema } from "~/domain/fieldwork/workplace.schema";
import { CreateOrEditDialog, CreateOrUpdateFields } from "~/components/ui/create-or-edit-dialog";

const FORM_HINT = "Nome, CEP, endereço, cidade e estado são obrigatórios. O CEP preenche o endereço.";

/** Add (no `workplace`) or edit a workplace: the original's form, CEP look-up filling the address. */
export function WorkplaceDialog({ workplace }: { workplace?: WorkplaceListItem }) {
  const { Form, open, setOpen, openErrors: errors, busy, resetKey } = useDialogFormAction({ schema: workplaceActionSchema });
  const p = (name: string) => (workplace ? `${name}-${workplace.id}` : `${name}-novo`);
  // A likely duplicate (ADR 217): the warning and the confirmation stay until the dialog closes.
  const [duplicate, setDuplicate] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (errors.confirmDuplicate) setDuplicate(errors.confirmDuplicate);
  }, [errors.confirmDuplicate]);
  React.useEffect(() => {
    if (!open) setDuplicate(null);
  }, [open]);
  return (
    <CreateOrEditDialog open={open} onOpenChange={setOpen} editing={workplace?.name} createLabel="Adicionar posto" description={FORM_HINT}>
      <Form key={resetKey} method="post" className="grid gap-4" noValidate>
        <CreateOrUpdateFields id={workplace?.id} />
        <Field label="Nome" name={p("name")} error={errors.name}>
          {(f) => <Input {...f} name="name" defaultValue={workplace?.name} required maxLength={160} autoComplete="organization" />}
        </Field>
        <Field label="CEP" name={p("cep")} error={errors.cep}>
          {(f) => (
            <CepField
              {...f}
              name="cep"
              defaultValue={workplace ? formatCep(workplace.cep) : ""}
              required
              fill={{ street: "address", neighbourhood: "neighbourhood", city: "city", state: "state" }}
            />
          )}
        </Field>
        <Field label="Endereço" name={p("address")} error={errors.address}>
          {(f) => <Input {...f} name="address" defaultValue={workplace?.address} required maxLength={240} />}
        </Field>
        <Field label="Bairro" name={p("neighbourhood")} error={errors.neighbourhood}>
          {(f) => <Input {...f} name="neighbourhood" defaultValue={workplace?.neighbourhood ?? ""} maxLength={120} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-[1fr_6rem]">
          <Field label="Cidade" name={p("city")} error={errors.city}>
            {(f) => <Input {...f} name="city" defaultValue={workplace?.city ?? "Brasília"} required maxLength={120} />}
          </Field>
          <Field label="Estado" name={p("state")} error={errors.state}>
            {(f) => (
              <Input {...f} name="state" defaultValue={workplace?.state ?? "DF"} required maxLength={2} autoCapitalize="characters" />
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Telefone (opcional)" name={p("phone")} error={errors.phone}>
            {(f) => <MaskedInput {...f} kind="phone" name="phone" defaultValue={workplace?.phone ?? ""} />}
          </Field>
          <Field label="E-mail (opcional)" name={p("email")} error={errors.email}>
            {(f) => <Input {...f} name="email" type="email" defaultValue={workplace?.email ?? ""} maxLength={254} autoComplete="email" />}
          </Field>
        </div>
        {duplicate ? (
          <div className="grid gap-2" data-testid="workplace-duplicate">
            <Alert tone="warning" data-testid="workplace-duplicate-warning">
              {duplicate}
            </Alert>
            <CheckboxField id={p("confirmDuplicate")} name="confirmDuplicate" label={DUPLICATE_MESSAGES.confirmLabel} />
          </div>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Enviando...">
          {workplace ? "Salvar alterações" : "Adicionar posto"}
        </SubmitButton>
      </Form>
    </CreateOrEditDialog>
  );
}

/**
 * The keyboard alternative to dragging a pin (WCAG 2.5.7): type the position. Saved as a
 * manual position, which the geocoder never overwrites.
 */
export function WorkplacePositionDialog({ workplace }: { workplace: WorkplaceListItem }) {
  const { Form, open, setOpen, openErrors: errors, busy, resetKey } = useDialogFormAction({ schema: workplaceActionSchema });
  const p = (name: string) => `${name}-${workplace.id}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Ajustar posição de ${workplace.name}`}>
          <MapPin /> Posição
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Posição de ${workplace.name}`}
        description="Também é possível arrastar o marcador no mapa. Uma posição ajustada à mão não é substituída pela busca automática."
        className="max-w-md"
      >
        <Form key={resetKey} method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="move-pin" />
          <input type="hidden" name="id" value={workplace.id} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Latitude" name={p("lat")} error={errors.lat}>
              {(f) => <Input {...f} name="lat" inputMode="decimal" defaultValue={String(workplace.lat)} required />}
            </Field>
            <Field label="Longitude" name={p("lon")} error={errors.lon}>
              {(f) => <Input {...f} name="lon" inputMode="decimal" defaultValue={String(workplace.lon)} required />}
            </Field>
          </div>
          <SubmitButton busy={busy} busyLabel="Enviando...">
            Salvar posição
          </SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
