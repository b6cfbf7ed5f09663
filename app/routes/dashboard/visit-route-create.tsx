import * as React from "react";
import { SubmitButton } from "~/components/ui/submit-button";
import { Form as RouterForm, useLoaderData } from "react-router";
import { Search } from "~/components/icons/sprite";
import type { Route } from "./+types/visit-route-create";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { createFieldRoute, listWorkplaceChoices } from "~/domain/fieldwork/visit-routes.server";
import { WORKPLACE_CHOICES_FOUND } from "~/domain/fieldwork/workplace-choices";
import { createRouteSchema } from "~/domain/fieldwork/visit-route.schema";
import { ROUTE_MESSAGES } from "~/domain/fieldwork/visit-route-rules";
import { ADDRESS_FOUND_ZOOM, BRASILIA_CENTER, ROUTE_MAP_ZOOM } from "~/domain/fieldwork/map-constants";
import { mapTileSettings } from "~/integrations/map-tiles.server";
import { loadOrFail } from "~/utils/load.server";
import { useFormAction } from "~/components/ui/use-form-action";
import { cepDigits, formatCep } from "~/lib/br/cep";
import { todayInBrasilia } from "~/lib/dates";
import { fetchCepAddress } from "~/components/address/cep-lookup";
import { BR_MESSAGES } from "~/lib/br/messages";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { LazyMap } from "~/components/map/lazy-map";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Label, Select, Textarea } from "~/components/ui/input";
import { DateInput, MaskedInput } from "~/components/ui/masked-input";
import { useToast } from "~/components/ui/toaster";
import { IdempotencyKey } from "~/components/ui/idempotency-key";

export const meta: Route.MetaFunction = () => [{ title: "Criar Rota | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const q = new URL(request.url).searchParams.get("posto") ?? "";
  const found = await loadOrFail(() => listWorkplaceChoices(user, { q }), ROUTE_MESSAGES.workplacesLoadError);
  return { ...found, tiles: mapTileSettings(), today: todayInBrasilia() };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, createRouteSchema, (actor) => ({
    defaultIntent: "create",
    fallback: ROUTE_MESSAGES.createError,
    idempotent: { create: "field-route" },
    handlers: {
      create: async (input) => (await createFieldRoute(actor, input), ROUTE_MESSAGES.created),
    },
  }));
}

type CepState = "idle" | "loading" | "success" | "error" | "unavailable" | "registered";
const HINTS: Record<CepState, string> = {
  idle: ROUTE_MESSAGES.hintDigits,
  loading: ROUTE_MESSAGES.hintLoading,
  success: ROUTE_MESSAGES.hintFound,
  error: ROUTE_MESSAGES.hintError,
  // The service is down: not the person's mistake; the address is typed instead (the server
  // accepts a typed address only then).
  unavailable: BR_MESSAGES.cepUnavailable,
  // A workplace's CEP could not be checked: its registered address is used (not "localizado").
  registered: ROUTE_MESSAGES.hintRegistered,
};

const loadCreateRouteSchema = () => import("~/domain/fieldwork/visit-route.schema").then((m) => m.createRouteSchema);

export default function RouteCreatePage() {
  const { choices: workplaces, total, searchRequired, q, tiles, today } = useLoaderData<typeof loader>();
  const toast = useToast();
  const [cepState, setCepState] = React.useState<CepState>("idle");
  const [cep, setCep] = React.useState("");
  const [address, setAddress] = React.useState("");
  const [workplaceId, setWorkplaceId] = React.useState("");
  // The chosen workplace itself: a later search may no longer list it.
  const [workplace, setWorkplace] = React.useState<(typeof workplaces)[number] | undefined>();
  const [affiliates, setAffiliates] = React.useState("0");
  const [formKey, setFormKey] = React.useState(0);
  const lastLooked = React.useRef("");
  const { Form, errors, busy } = useFormAction({
    // Fetched at the form's first focus: the validation library stays off the page's first load.
    lazySchema: loadCreateRouteSchema,
    onSuccess: () => {
      setCep("");
      setAddress("");
      setWorkplaceId("");
      setWorkplace(undefined);
      setAffiliates("0");
      setCepState("idle");
      lastLooked.current = "";
      setFormKey((k) => k + 1);
    },
  });

  const lookUp = React.useCallback(async (value: string) => {
    const digits = cepDigits(value);
    if (digits.length !== 8) {
      setCepState(digits.length ? "error" : "idle");
      setAddress("");
      return null;
    }
    if (digits === lastLooked.current) return null;
    lastLooked.current = digits;
    setCepState("loading");
    const outcome = await fetchCepAddress(digits);
    if (outcome.kind === "found") {
      const a = outcome.address;
      setAddress([a.street, a.neighbourhood, `${a.city}/${a.state}`].filter(Boolean).join(", "));
      setCepState("success");
      return true;
    }
    lastLooked.current = "";
    setAddress("");
    setCepState(outcome.kind === "unavailable" ? "unavailable" : "error");
    return false;
  }, []);

  async function chooseWorkplace(id: string) {
    setWorkplaceId(id);
    const w = workplaces.find((x) => x.id === id);
    setWorkplace(w);
    if (!w) return;
    setCep(formatCep(w.cep));
    setAffiliates(String(w.membersCount));
    lastLooked.current = "";
    const ok = await lookUp(w.cep);
    if (ok) toast({ type: "success", message: ROUTE_MESSAGES.workplaceLoaded });
    else {
      setAddress([w.address, w.neighbourhood, `${w.city}/${w.state}`].filter(Boolean).join(", "));
      setCepState("registered");
      toast({ type: "info", message: ROUTE_MESSAGES.workplaceCepFallback });
    }
  }

  // On a slow phone the form shows seconds before it works: a workplace picked, a number or a CEP
  // typed meanwhile is taken up once it works, instead of the controlled fields snapping back to
  // their first values at the next render.
  const workplaceSelect = React.useRef<HTMLSelectElement>(null);
  const takeUp = React.useRef({ chooseWorkplace, lookUp });
  takeUp.current = { chooseWorkplace, lookUp };
  React.useEffect(() => {
    const form = workplaceSelect.current?.form;
    const picked = workplaceSelect.current?.value;
    if (picked) {
      void takeUp.current.chooseWorkplace(picked);
      return;
    }
    const typed = (name: string) => {
      const field = form?.elements.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : "";
    };
    if (typed("affiliates") && typed("affiliates") !== "0") setAffiliates(typed("affiliates"));
    if (cepDigits(typed("cep")).length === 8) void takeUp.current.lookUp(typed("cep"));
  }, []);

  const center = workplace ? { lat: workplace.lat, lng: workplace.lon } : BRASILIA_CENTER;
  const zoom = workplace ? ADDRESS_FOUND_ZOOM : ROUTE_MAP_ZOOM;
  return (
    <div>
      <PageHeader title="Criar Rota" description="Planeje a visita a um posto: o CEP deve indicar um endereço válido." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-4 sm:p-6">
          {searchRequired ? <WorkplaceSearch q={q} total={total} found={workplaces.length} /> : null}
          <Form key={formKey} method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="create" />
            <IdempotencyKey />
            <Field label="Começar de um posto (opcional)" name="workplaceId" error={errors.workplaceId}>
              {(f) => (
                <Select {...f} ref={workplaceSelect} value={workplaceId} onChange={(e) => void chooseWorkplace(e.target.value)}>
                  <option value="">Nenhum posto</option>
                  {workplace && !workplaces.some((w) => w.id === workplace.id) ? (
                    <option value={workplace.id}>
                      {workplace.name} ({workplace.code})
                    </option>
                  ) : null}
                  {workplaces.map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name} ({w.code})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Nome da rota" name="name" error={errors.name}>
              {(f) => (
                <Input
                  {...f}
                  required
                  maxLength={160}
                  defaultValue={workplace ? `Visita: ${workplace.name}` : undefined}
                  key={workplaceId}
                />
              )}
            </Field>
            <Field label="Descrição" name="description" error={errors.description}>
              {(f) => <Textarea {...f} required maxLength={1000} rows={3} />}
            </Field>
            <Field label="CEP" name="cep" error={errors.cep} hint={<span role="status">{HINTS[cepState]}</span>}>
              {(f) => (
                <MaskedInput
                  {...f}
                  kind="cep"
                  required
                  key={`cep-${workplaceId}`}
                  defaultValue={cep}
                  onInput={(e) => {
                    if (cepDigits(e.currentTarget.value).length === 8) void lookUp(e.currentTarget.value);
                    else {
                      setCepState("idle");
                      setAddress("");
                    }
                  }}
                  onBlur={(e) => void lookUp(e.currentTarget.value)}
                />
              )}
            </Field>
            {cepState === "unavailable" && !workplace ? (
              <Field label="Endereço" name="address" error={errors.address} hint={ROUTE_MESSAGES.addressByHand}>
                {(f) => <Input {...f} required maxLength={300} autoComplete="street-address" />}
              </Field>
            ) : (
              <Field
                label="Endereço"
                name="address"
                error={errors.address}
                hint="Preenchido pelo CEP ou pelo posto escolhido; não pode ser editado."
              >
                {(f) => <Input {...f} readOnly value={address} placeholder="Informe o CEP" />}
              </Field>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Número de filiados" name="affiliates" error={errors.affiliates}>
                {(f) => (
                  <Input
                    {...f}
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    required
                    value={affiliates}
                    onChange={(e) => setAffiliates(e.target.value)}
                  />
                )}
              </Field>
              <Field label="Dia da rota" name="routeDate" error={errors.routeDate} hint="dd/mm/aaaa">
                {(f) => <DateInput {...f} required defaultValue={today} />}
              </Field>
            </div>
            <SubmitButton busy={busy} busyLabel="Enviando...">
              Criar rota
            </SubmitButton>
          </Form>
        </Card>
        <div>
          <LazyMap
            key={`${center.lat},${center.lng},${zoom}`}
            center={center}
            zoom={zoom}
            tiles={tiles}
            label="Mapa da rota"
            marker={workplace ? { title: workplace.name } : undefined}
            className="h-[500px] rounded-xl border border-slate-200"
          />
          {cepState === "success" && !workplace ? (
            <p role="status" className="mt-2 text-sm text-amber-900">
              Endereço não encontrado no mapa, exibindo localização padrão.
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * A union with more workplaces than the form lists whole searches them first (a GET form: it works
 * before the page's script runs, and the route form keeps what was typed): the results fill the
 * select below.
 */
function WorkplaceSearch({ q, total, found }: { q: string; total: number; found: number }) {
  const status = !q
    ? `${total.toLocaleString("pt-BR")} postos cadastrados: busque pelo nome, código, endereço ou cidade para começar de um deles.`
    : found === 0
      ? `Nenhum posto encontrado para “${q}”.`
      : found >= WORKPLACE_CHOICES_FOUND
        ? `Os ${found} primeiros postos encontrados para “${q}” estão na lista abaixo; refine a busca se o posto não estiver nela.`
        : `${found} ${found === 1 ? "posto encontrado" : "postos encontrados"} para “${q}”: escolha na lista abaixo.`;
  return (
    <RouterForm method="get" role="search" aria-label="Buscar posto" className="mb-4 grid gap-2 border-b border-slate-200 pb-4">
      <Label htmlFor="busca-posto">Buscar posto</Label>
      <div className="flex gap-2">
        <Input id="busca-posto" name="posto" type="search" defaultValue={q} maxLength={100} aria-describedby="busca-posto-status" />
        <Button type="submit" variant="outline">
          <Search aria-hidden /> Buscar
        </Button>
      </div>
      <p id="busca-posto-status" role="status" className="text-sm text-slate-600">
        {status}
      </p>
    </RouterForm>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
