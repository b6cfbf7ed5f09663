import * as React from "react";
import { SubmitButton } from "~/components/ui/submit-button";
import { Plus } from "~/components/icons/sprite";
import { CepField } from "~/components/address/cep-field";
import { Button } from "~/components/ui/button";
import { DeleteButton } from "~/components/ui/delete-button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Field, Input, Options, Select, Textarea } from "~/components/ui/input";
import { DateInput, MaskedInput } from "~/components/ui/masked-input";
import { DF_REGIONS, GENDERS, SITUATIONS, STATES, situationForEdit } from "~/domain/members/member-options";
import { useDialogFormAction } from "~/components/ui/use-form-action";
import { memberActionSchema } from "~/domain/members/member.schema";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import type { EditableMember } from "~/domain/members/member-row";
import { EditButton } from "~/components/ui/edit-button";

function RegionSelect({ id, name, defaultValue, ...rest }: React.ComponentProps<typeof Select>) {
  const known = (DF_REGIONS as readonly string[]).includes(String(defaultValue ?? ""));
  return (
    <Select id={id} name={name} defaultValue={defaultValue ?? ""} {...rest}>
      <option value="">Não informada</option>
      {!known && defaultValue ? <option value={String(defaultValue)}>{String(defaultValue)}</option> : null}
      <Options values={DF_REGIONS} />
    </Select>
  );
}

function StateSelect({ defaultValue, required, ...rest }: React.ComponentProps<typeof Select>) {
  return (
    <Select defaultValue={defaultValue ?? (required ? "DF" : "")} required={required} {...rest}>
      {required ? null : <option value="">Não informada</option>}
      <Options values={STATES} />
    </Select>
  );
}

const req = (
  <span aria-hidden className="text-red-700">
    {" "}
    *
  </span>
);

/** 'Novo Filiado': the original's required fields, CEP autofill, optional typed registration number. */
/** `initialOpen`: opened on arrival (the panels' "Novo Filiado" quick action links to `?novo=1`). */
export function CreateMemberDialog({ initialOpen = false }: { initialOpen?: boolean } = {}) {
  const {
    Form,
    open,
    setOpen,
    openErrors: errors,
    busy,
    resetKey,
  } = useDialogFormAction({ intent: "create", initialOpen, schema: memberActionSchema });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus /> Novo Filiado
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Novo Filiado"
        description="Campos com * são obrigatórios. O CEP preenche endereço, cidade e UF."
        className="max-w-2xl"
      >
        <Form key={resetKey} method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          <IdempotencyKey />
          <Field label={<>Nome completo{req}</>} name="new-name" error={errors.name}>
            {(f) => <Input {...f} name="name" required maxLength={120} autoComplete="off" />}
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label={<>CPF{req}</>} name="new-cpf" error={errors.cpf}>
              {(f) => <MaskedInput {...f} kind="cpf" name="cpf" required />}
            </Field>
            <Field
              label="Matrícula"
              name="new-registrationNumber"
              error={errors.registrationNumber}
              hint="Deixe em branco para usar a próxima livre."
            >
              {(f) => <Input {...f} name="registrationNumber" inputMode="numeric" pattern="[0-9]*" maxLength={10} autoComplete="off" />}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label={<>E-mail{req}</>} name="new-email" error={errors.email}>
              {(f) => <Input {...f} name="email" type="email" required maxLength={254} autoComplete="off" />}
            </Field>
            <Field label={<>Telefone{req}</>} name="new-mobilePhone" error={errors.mobilePhone}>
              {(f) => <MaskedInput {...f} kind="phone" name="mobilePhone" required autoComplete="off" />}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-[10rem_1fr]">
            <Field label={<>CEP{req}</>} name="new-cep" error={errors.cep}>
              {(f) => <CepField {...f} name="cep" required fill={{ address: "address", city: "city", state: "state" }} />}
            </Field>
            <Field label={<>Endereço{req}</>} name="new-address" error={errors.address}>
              {(f) => <Input {...f} name="address" required maxLength={200} autoComplete="off" />}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-[1fr_7rem]">
            <Field label={<>Cidade{req}</>} name="new-city" error={errors.city}>
              {(f) => <Input {...f} name="city" required maxLength={80} autoComplete="off" />}
            </Field>
            <Field label={<>UF{req}</>} name="new-state" error={errors.state}>
              {(f) => <StateSelect {...f} name="state" required />}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Região administrativa" name="new-region" error={errors.region}>
              {(f) => <RegionSelect {...f} name="region" />}
            </Field>
            <Field label="Local de trabalho" name="new-workplaceName" error={errors.workplaceName}>
              {(f) => <Input {...f} name="workplaceName" maxLength={160} autoComplete="off" />}
            </Field>
          </div>
          <SubmitButton busy={busy} busyLabel="Enviando...">
            Adicionar filiado
          </SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** What an admin corrects besides the original's payload (issue 19 §14): the CPF is typed anew. */
export type AdminMemberFields = { birthDate: string | null; gender: string | null };

/**
 * 'Editar Filiado': name and situação required; the registration number is not editable. With
 * `admin` (the admin's dialog), also the CPF (blank keeps it), birth date and sex; the server
 * refuses them from anyone else.
 */
export function EditMemberDialog({
  member,
  admin,
  triggerSize = "sm",
}: {
  member: EditableMember;
  admin?: AdminMemberFields;
  triggerSize?: "sm" | "md";
}) {
  const { Form, open, setOpen, openErrors: errors, busy } = useDialogFormAction({ intent: "update", schema: memberActionSchema });
  const p = (n: string) => `${n}-${member.id}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <EditButton name={member.name} size={triggerSize} />
      </DialogTrigger>
      <DialogContent
        title={`Editar ${member.name}`}
        description={`Matrícula ${member.registrationNumber}. Campos com * são obrigatórios.`}
        className="max-w-2xl"
      >
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={member.id} />
          <Field label={<>Nome completo{req}</>} name={p("name")} error={errors.name}>
            {(f) => <Input {...f} name="name" defaultValue={member.name} required maxLength={120} autoComplete="off" />}
          </Field>
          <Field label={<>Situação{req}</>} name={p("situation")} error={errors.situation}>
            {(f) => (
              <Select {...f} name="situation" defaultValue={String(situationForEdit(member))} required>
                {SITUATIONS.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.code} - {s.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="E-mail" name={p("email")} error={errors.email}>
              {(f) => <Input {...f} name="email" type="email" defaultValue={member.email ?? ""} maxLength={254} autoComplete="off" />}
            </Field>
            <Field label="Telefone" name={p("mobilePhone")} error={errors.mobilePhone}>
              {(f) => <MaskedInput {...f} kind="phone" name="mobilePhone" defaultValue={member.mobilePhone} autoComplete="off" />}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-[10rem_1fr]">
            <Field label="CEP" name={p("cep")} error={errors.cep}>
              {(f) => <CepField {...f} name="cep" defaultValue={member.cep} fill={{ address: "address", city: "city", state: "state" }} />}
            </Field>
            <Field label="Endereço" name={p("address")} error={errors.address}>
              {(f) => <Input {...f} name="address" defaultValue={member.address ?? ""} maxLength={200} autoComplete="off" />}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-[1fr_7rem]">
            <Field label="Cidade" name={p("city")} error={errors.city}>
              {(f) => <Input {...f} name="city" defaultValue={member.city ?? ""} maxLength={80} autoComplete="off" />}
            </Field>
            <Field label="UF" name={p("state")} error={errors.state}>
              {(f) => <StateSelect {...f} name="state" defaultValue={member.state ?? ""} />}
            </Field>
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Região administrativa" name={p("region")} error={errors.region}>
              {(f) => <RegionSelect {...f} name="region" defaultValue={member.region ?? ""} />}
            </Field>
            <Field label="Local de trabalho" name={p("workplaceName")} error={errors.workplaceName}>
              {(f) => <Input {...f} name="workplaceName" defaultValue={member.workplaceName ?? ""} maxLength={160} autoComplete="off" />}
            </Field>
          </div>
          <Field label="Observação" name={p("notes")} error={errors.notes}>
            {(f) => <Textarea {...f} name="notes" defaultValue={member.notes ?? ""} maxLength={2000} rows={3} />}
          </Field>
          {admin ? (
            <fieldset className="grid gap-4 rounded-lg border border-amber-300 bg-amber-50/60 p-3" data-testid="admin-member-fields">
              <legend className="px-1 text-sm font-semibold text-amber-950">Correção de documentos (somente administradores)</legend>
              <Field
                label="Novo CPF"
                name={p("cpf")}
                error={errors.cpf}
                hint="Em branco, o CPF atual é mantido. A correção fica registrada na auditoria."
              >
                {(f) => <MaskedInput {...f} kind="cpf" name="cpf" maxLength={14} />}
              </Field>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <Field label="Data de nascimento" name={p("birthDate")} error={errors.birthDate}>
                  {(f) => <DateInput {...f} name="birthDate" defaultValue={admin.birthDate ?? ""} />}
                </Field>
                <Field label="Sexo" name={p("gender")} error={errors.gender}>
                  {(f) => (
                    <Select {...f} name="gender" defaultValue={admin.gender ?? ""}>
                      <option value="">Não informado</option>
                      {admin.gender && !(GENDERS as readonly string[]).includes(admin.gender) ? (
                        <option value={admin.gender}>{admin.gender}</option>
                      ) : null}
                      <Options values={GENDERS} />
                    </Select>
                  )}
                </Field>
              </div>
            </fieldset>
          ) : null}
          <SubmitButton busy={busy} busyLabel="Enviando...">
            Salvar alterações
          </SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Confirmar Exclusão', naming the member and warning it cannot be undone (original-spec §5). */
export function DeleteMemberButton({ member }: { member: Pick<EditableMember, "id" | "name" | "registrationNumber"> }) {
  return (
    <DeleteButton
      id={member.id}
      name={member.name}
      title="Confirmar Exclusão"
      description={`Tem certeza que deseja excluir o filiado ${member.name} (matrícula ${member.registrationNumber})? Esta ação não pode ser desfeita.`}
    />
  );
}
