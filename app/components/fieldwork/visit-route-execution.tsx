import * as React from "react";
import { useNavigate } from "react-router";
import { Camera, LocateFixed, Play, Send } from "~/components/icons/sprite";
import { CONTRACT_TYPES, FINISH_FIELDS, ROUTE_MESSAGES, validateFinish, type FinishField } from "~/domain/fieldwork/visit-route-rules";
import {
  clearDraft,
  dataUrlToBlob,
  loadDraft,
  newToken,
  saveDraft,
  shrinkPhoto,
  type FinishDraft,
} from "~/components/fieldwork/finish-draft";
import { Button } from "~/components/ui/button";
import { Field, Input, Options, Select, Textarea } from "~/components/ui/input";
import { MaskedInput } from "~/components/ui/masked-input";
import { useToast } from "~/components/ui/toaster";

/** What starting and finishing a visit route need of it. */
export type ExecutableRoute = { id: string; cep: string };

/*
 * "Executar Rota"'s two actions (moved out of the route module, issue 20 §2): start a route (with
 * the device's position, or a CEP when there is none) and finish it (the visit's form, kept as a
 * draft on the device until the server confirms).
 */

function currentPosition(): Promise<GeolocationPosition | null> {
  if (typeof navigator === "undefined" || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), {
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 60_000,
    }),
  );
}

function positionFields(pos: GeolocationPosition | null): Record<string, string> {
  if (!pos) return {};
  return {
    lat: String(pos.coords.latitude),
    lon: String(pos.coords.longitude),
    accuracy: String(Math.round(pos.coords.accuracy)),
    fixAt: String(pos.timestamp),
  };
}

export function StartRoute({ route, onDone }: { route: ExecutableRoute; onDone: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = React.useState(false);
  const [askCep, setAskCep] = React.useState(false);
  const cepRef = React.useRef<HTMLInputElement>(null);
  async function start(withCep: boolean) {
    setBusy(true);
    try {
      const fd = new FormData();
      fd.set("intent", "start");
      fd.set("id", route.id);
      if (withCep) fd.set("positionCep", cepRef.current?.value ?? "");
      else {
        const pos = await currentPosition();
        if (!pos) {
          setAskCep(true);
          return;
        }
        for (const [k, v] of Object.entries(positionFields(pos))) fd.set(k, v);
      }
      const res = await fetch(window.location.pathname, { method: "POST", body: fd });
      const ok = res.ok;
      const html = await res.text();
      const known = [ROUTE_MESSAGES.busy, ROUTE_MESSAGES.secondStart].find((m) => html.includes(m));
      toast({ type: ok ? "success" : "error", message: ok ? ROUTE_MESSAGES.started : (known ?? ROUTE_MESSAGES.startError) });
      onDone();
    } catch {
      toast({ type: "error", message: ROUTE_MESSAGES.startError });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-3">
      <Button onClick={() => void start(false)} disabled={busy} className="w-full">
        <Play /> {busy ? "Iniciando..." : "Iniciar rota"}
      </Button>
      {askCep ? (
        <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm text-amber-900">Sem acesso à localização do aparelho. Informe o CEP de onde você está para iniciar.</p>
          <Field label="CEP do local" name={`start-cep-${route.id}`}>
            {(f) => <MaskedInput {...f} kind="cep" ref={cepRef} defaultValue={route.cep} />}
          </Field>
          <Button variant="outline" onClick={() => void start(true)} disabled={busy}>
            <LocateFixed /> Iniciar com o CEP
          </Button>
        </div>
      ) : null}
    </div>
  );
}

const YES_NO: FinishField[] = ["hasBrigadeLeader", "hasMasterFirefighter", "outsourced"];

export function FinishRoute({ route, role }: { route: ExecutableRoute; role: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft] = React.useState<FinishDraft>(() => ({ token: "", fields: {}, photo: null, savedAt: 0 }));
  const [loaded, setLoaded] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [errors, setErrors] = React.useState<Record<string, string>>({});

  React.useEffect(() => {
    setDraft(loadDraft(route.id) ?? { token: newToken(), fields: {}, photo: null, savedAt: Date.now() });
    setLoaded(true);
  }, [route.id]);
  React.useEffect(() => {
    if (loaded) saveDraft(route.id, { ...draft, savedAt: Date.now() });
  }, [draft, loaded, route.id]);

  const set = (name: string, value: string) => {
    setProblem(null);
    setDraft((d) => ({ ...d, fields: { ...d.fields, [name]: value } }));
  };
  const v = (name: string) => draft.fields[name] ?? "";

  async function onPhoto(file: File | undefined) {
    if (!file) return setDraft((d) => ({ ...d, photo: null }));
    try {
      const photo = await shrinkPhoto(file);
      setDraft((d) => ({ ...d, photo }));
    } catch {
      toast({ type: "info", message: "Não foi possível ler a foto; a visita pode ser finalizada sem ela." });
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setProblem(null);
    setErrors({});
    const check = validateFinish(Object.fromEntries(Object.keys(FINISH_FIELDS).map((k) => [k, v(k)])) as Record<FinishField, string>);
    if (!check.ok) {
      setProblem(check.message);
      if (check.field) setErrors({ [check.field]: check.message });
      return;
    }
    setBusy(true);
    try {
      const fd = new FormData();
      fd.set("intent", "finish");
      fd.set("id", route.id);
      fd.set("token", draft.token);
      for (const k of Object.keys(FINISH_FIELDS)) fd.set(k, v(k));
      fd.set("notes", v("notes"));
      for (const [k, val] of Object.entries(positionFields(await currentPosition()))) fd.set(k, val);
      if (!fd.get("lat")) fd.set("positionCep", route.cep);
      if (draft.photo) fd.set("photo", dataUrlToBlob(draft.photo), "visita.jpg");
      const res = await fetch(window.location.pathname, { method: "POST", body: fd });
      if (res.ok) {
        clearDraft(route.id);
        toast({ type: "success", message: ROUTE_MESSAGES.finished });
        navigate(`/dashboard/${role}`);
        return;
      }
      const text = await res.text();
      const known = [ROUTE_MESSAGES.busy, ROUTE_MESSAGES.alreadyFinished, ROUTE_MESSAGES.notStarted, ROUTE_MESSAGES.missingPrefix].find(
        (m) => text.includes(m),
      );
      setProblem(known ? (known === ROUTE_MESSAGES.missingPrefix ? ROUTE_MESSAGES.finishError : known) : ROUTE_MESSAGES.finishError);
    } catch {
      setProblem(`${ROUTE_MESSAGES.finishError} Sem conexão: os dados da visita estão guardados neste aparelho.`);
    } finally {
      setBusy(false);
    }
  }

  const p = (name: string) => `${name}-${route.id}`;
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate data-testid="finish-form">
      <h3 className="text-base font-semibold text-slate-900">Finalizar visita</h3>
      <p className="text-xs text-slate-600">Os dados ficam guardados neste aparelho até o envio ser confirmado.</p>
      <Field label={FINISH_FIELDS.brigadePhone} name={p("brigadePhone")} error={errors.brigadePhone}>
        {(f) => (
          <Input
            {...f}
            type="tel"
            inputMode="tel"
            value={v("brigadePhone")}
            onChange={(e) => set("brigadePhone", e.target.value)}
            maxLength={40}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {(["basicFirefighters", "lifeguards", "totalWorkers", "dayWorkers", "nightWorkers"] as const).map((k) => (
          <Field key={k} label={FINISH_FIELDS[k]} name={p(k)} error={errors[k]}>
            {(f) => (
              <Input {...f} type="number" min={0} step={1} inputMode="numeric" value={v(k)} onChange={(e) => set(k, e.target.value)} />
            )}
          </Field>
        ))}
      </div>
      {YES_NO.map((k) => (
        <fieldset key={k} className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">{FINISH_FIELDS[k]}</legend>
          <div className="flex gap-3">
            {(["sim", "nao"] as const).map((answer) => (
              <label
                key={answer}
                className="flex min-h-11 flex-1 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-navy-900 has-[:checked]:bg-navy-50"
              >
                <input
                  type="radio"
                  name={p(k)}
                  value={answer}
                  checked={v(k) === answer}
                  onChange={() => set(k, answer)}
                  className="size-4"
                />
                {answer === "sim" ? "Sim" : "Não"}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {v("outsourced") === "nao" ? (
        <Field label={FINISH_FIELDS.directContractType} name={p("directContractType")} error={errors.directContractType}>
          {(f) => (
            <Select {...f} value={v("directContractType")} onChange={(e) => set("directContractType", e.target.value)}>
              <option value="">Selecione</option>
              <Options values={CONTRACT_TYPES} />
            </Select>
          )}
        </Field>
      ) : null}
      {v("outsourced") === "nao" && v("directContractType") === "Outro" ? (
        <Field label={FINISH_FIELDS.directContractOther} name={p("directContractOther")}>
          {(f) => (
            <Input {...f} value={v("directContractOther")} onChange={(e) => set("directContractOther", e.target.value)} maxLength={120} />
          )}
        </Field>
      ) : null}
      <Field label="Observações (opcional)" name={p("notes")} hint="O que você viu no local: condições, pendências, contatos.">
        {(f) => <Textarea {...f} value={v("notes")} onChange={(e) => set("notes", e.target.value)} maxLength={2000} rows={3} />}
      </Field>
      <div className="grid gap-2">
        <label
          htmlFor={p("photo")}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800"
        >
          <Camera aria-hidden className="size-4" /> {draft.photo ? "Trocar foto do local" : "Tirar foto do local (opcional)"}
        </label>
        <input
          id={p("photo")}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          onChange={(e) => void onPhoto(e.currentTarget.files?.[0])}
        />
        {draft.photo ? <img src={draft.photo} alt="Foto do local da visita" className="max-h-48 rounded-lg object-cover" /> : null}
      </div>
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} className="w-full">
        <Send /> {busy ? "Enviando..." : "Finalizar rota"}
      </Button>
    </form>
  );
}
