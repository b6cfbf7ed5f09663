import * as React from "react";
import { BookOpen, Building2, MapPin, Phone, Share2, Users } from "~/components/icons/sprite";
import type { InstitutionalContent } from "~/domain/content/institutional";
import { formatWhatsapp } from "~/domain/content/institutional";
import { LIMITS } from "~/domain/content/content.schema";
import { Card } from "~/components/ui/card";
import { Field, Input, Textarea } from "~/components/ui/input";
import { ListEditor } from "./list-editor";

type Errors = Record<string, string | undefined>;

function Section({
  id,
  icon: Icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="scroll-mt-24" id={id}>
      <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-4">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-5" />
        </span>
        <div>
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
      </div>
      <div className="grid gap-5 p-5">{children}</div>
    </Card>
  );
}

/** An input inside a list row: its own label (visually small) and error, unique id per row. */
function RowInput({
  label,
  name,
  id,
  defaultValue,
  error,
  ...props
}: { label: string; name: string; id: string; defaultValue: string; error?: string } & Omit<React.ComponentProps<"input">, "id" | "name">) {
  return (
    <Field label={label} name={name} id={id} error={error} className="gap-1" labelClassName="text-xs text-slate-600">
      {(field) => <Input {...field} defaultValue={defaultValue} {...props} />}
    </Field>
  );
}

const SECTIONS = [
  { id: "identidade", label: "Identidade" },
  { id: "contato", label: "Contato" },
  { id: "redes", label: "Redes sociais" },
  { id: "mapa", label: "Mapa" },
  { id: "diretoria", label: "Diretoria" },
  { id: "institucional", label: "Institucional" },
];

/** The fields of the institutional content form; submitted by the page's form. */
export function ContentForm({ content, errors }: { content: InstitutionalContent; errors: Errors }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[12rem_1fr]">
      <nav aria-label="Seções do formulário" className="hidden lg:block">
        <ul className="sticky top-24 grid gap-1 text-sm">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="block rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-white hover:text-brand-800">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid min-w-0 gap-6">
        <Section
          id="identidade"
          icon={Building2}
          title="Identidade"
          description="Como o sindicato aparece no cabeçalho, no rodapé e nos mecanismos de busca."
        >
          <Field label="Nome da entidade" name="name" error={errors.name}>
            {(p) => <Input {...p} defaultValue={content.name} required maxLength={150} />}
          </Field>
          <Field label="Nome curto" name="shortName" error={errors.shortName} hint="Exibido no cabeçalho do site.">
            {(p) => <Input {...p} defaultValue={content.shortName} required maxLength={80} />}
          </Field>
          <Field label="Descrição" name="description" error={errors.description} hint="Texto curto do rodapé e da página Quem Somos.">
            {(p) => <Textarea {...p} defaultValue={content.description} required maxLength={600} rows={3} />}
          </Field>
        </Section>

        <Section
          id="contato"
          icon={Phone}
          title="Contato"
          description="Endereço, telefones e horários mostrados no rodapé, em Quem Somos e em Contato."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Endereço" name="address" error={errors.address}>
              {(p) => <Input {...p} defaultValue={content.address} required maxLength={200} />}
            </Field>
            <Field label="Complemento" name="addressDetail" error={errors.addressDetail} hint="Ex.: Sede Administrativa">
              {(p) => <Input {...p} defaultValue={content.addressDetail} maxLength={120} />}
            </Field>
            <Field label="E-mail de contato" name="email" error={errors.email}>
              {(p) => <Input {...p} type="email" defaultValue={content.email} required autoComplete="off" />}
            </Field>
            <Field label="Horário de atendimento" name="hours" error={errors.hours}>
              {(p) => <Input {...p} defaultValue={content.hours} required maxLength={120} />}
            </Field>
            <Field
              label="WhatsApp"
              name="whatsapp"
              error={errors.whatsapp}
              hint="Usado nos botões de filiação e benefícios. DDD e número, ex.: (61) 98888-7777."
              className="sm:col-span-2"
            >
              {(p) => <Input {...p} type="tel" inputMode="tel" defaultValue={formatWhatsapp(content.whatsapp)} required />}
            </Field>
          </div>
          <ListEditor
            legend="Telefones"
            hint="Fixo (61) 3333-4444, celular (61) 98888-7777 ou 0800 000 0000."
            initial={content.phones}
            empty=""
            max={LIMITS.phones}
            addLabel="Adicionar telefone"
            itemLabel={(i) => `telefone ${i + 1}`}
            error={errors.phones}
          >
            {(value, i) => (
              <RowInput
                label={`Telefone ${i + 1}`}
                id={`f-phones-${i}`}
                name="phones"
                type="tel"
                inputMode="tel"
                defaultValue={value}
                error={errors[`phones.${i}`]}
              />
            )}
          </ListEditor>
        </Section>

        <Section
          id="redes"
          icon={Share2}
          title="Redes sociais"
          description="Endereços completos (https://). Deixe em branco a rede que o sindicato não usa."
        >
          <Field label="Instagram" name="social.instagram" error={errors["social.instagram"]}>
            {(p) => (
              <Input {...p} type="url" inputMode="url" placeholder="https://www.instagram.com/…" defaultValue={content.social.instagram} />
            )}
          </Field>
          <Field label="Facebook" name="social.facebook" error={errors["social.facebook"]}>
            {(p) => (
              <Input {...p} type="url" inputMode="url" placeholder="https://www.facebook.com/…" defaultValue={content.social.facebook} />
            )}
          </Field>
          <Field label="YouTube" name="social.youtube" error={errors["social.youtube"]}>
            {(p) => (
              <Input {...p} type="url" inputMode="url" placeholder="https://www.youtube.com/@…" defaultValue={content.social.youtube} />
            )}
          </Field>
        </Section>

        <Section id="mapa" icon={MapPin} title="Mapa" description="Posição da sede no 'Mapa do Sindicato' da página inicial.">
          <div className="grid gap-5 sm:grid-cols-3">
            <Field label="Latitude" name="map.lat" error={errors["map.lat"]} hint="Entre -90 e 90">
              {(p) => <Input {...p} inputMode="decimal" defaultValue={String(content.map.lat)} required />}
            </Field>
            <Field label="Longitude" name="map.lng" error={errors["map.lng"]} hint="Entre -180 e 180">
              {(p) => <Input {...p} inputMode="decimal" defaultValue={String(content.map.lng)} required />}
            </Field>
            <Field label="Zoom" name="map.zoom" error={errors["map.zoom"]} hint="De 1 a 19 (16 mostra a quadra)">
              {(p) => <Input {...p} type="number" min={1} max={19} step={1} defaultValue={String(content.map.zoom)} required />}
            </Field>
          </div>
        </Section>

        <Section
          id="diretoria"
          icon={Users}
          title="Diretoria executiva"
          description="Cargos e nomes exibidos na página Quem Somos, nesta ordem."
        >
          <ListEditor
            legend="Membros da diretoria"
            initial={content.board}
            empty={{ role: "", name: "" }}
            max={LIMITS.board}
            addLabel="Adicionar membro"
            itemLabel={(i) => `membro ${i + 1}`}
            error={errors.board}
          >
            {(member, i) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <RowInput
                  label="Cargo"
                  id={`f-board-role-${i}`}
                  name="board.role"
                  defaultValue={member.role}
                  error={errors[`board.${i}.role`]}
                  maxLength={80}
                />
                <RowInput
                  label="Nome"
                  id={`f-board-name-${i}`}
                  name="board.name"
                  defaultValue={member.name}
                  error={errors[`board.${i}.name`]}
                  maxLength={120}
                />
              </div>
            )}
          </ListEditor>
        </Section>

        <Section
          id="institucional"
          icon={BookOpen}
          title="Institucional"
          description="Textos da página Quem Somos. Separe parágrafos com uma linha em branco."
        >
          <Field label="História" name="history" error={errors.history}>
            {(p) => <Textarea {...p} defaultValue={content.history} required rows={8} maxLength={6000} />}
          </Field>
          <div className="grid gap-5 md:grid-cols-2">
            <Field label="Missão" name="mission" error={errors.mission}>
              {(p) => <Textarea {...p} defaultValue={content.mission} required rows={4} maxLength={1000} />}
            </Field>
            <Field label="Visão" name="vision" error={errors.vision}>
              {(p) => <Textarea {...p} defaultValue={content.vision} required rows={4} maxLength={1000} />}
            </Field>
          </div>
          <ListEditor
            legend="Valores"
            initial={content.values}
            empty=""
            max={LIMITS.values}
            addLabel="Adicionar valor"
            itemLabel={(i) => `valor ${i + 1}`}
            error={errors.values}
          >
            {(value, i) => (
              <RowInput
                label={`Valor ${i + 1}`}
                id={`f-values-${i}`}
                name="values"
                defaultValue={value}
                error={errors[`values.${i}`]}
                maxLength={120}
              />
            )}
          </ListEditor>
        </Section>
      </div>
    </div>
  );
}
