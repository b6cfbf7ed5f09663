/**
 * Field routes (rotas, issue 10): the original's messages (section 8), the finish form's fields
 * and rules, and the browser position's check. Pure and free of the validation library, so the
 * field pages import them without it (the forms' schemas are in visit-route.schema.ts, on the
 * server: docs/decisions/284-field-screens-on-a-phone.md).
 */
export const ROUTE_MESSAGES = {
  created: "Rota criada com sucesso!",
  createError: "Erro ao criar rota. Tente novamente.",
  cepRequired: "É necessário um CEP válido para criar a rota.",
  workplacesLoadError: "Erro ao carregar postos.",
  addressFound: "Endereço encontrado!",
  cepNotFound: "CEP não encontrado.",
  workplaceCepFallback: "Não foi possível validar o CEP do posto, usando endereço cadastrado.",
  workplaceLoaded: "Endereço do posto carregado!",
  hintDigits: "Digite um CEP de 8 dígitos.",
  hintLoading: "Buscando...",
  hintFound: "Endereço localizado!",
  hintError: "CEP inválido ou não encontrado.",
  // Under the CEP when a workplace's CEP could not be checked and its registered address is used.
  hintRegistered: "CEP não validado: usando o endereço cadastrado do posto.",
  addressByHand: "Digite o endereço do posto: rua, número, bairro e cidade.",
  inProgressNotice: "Você tem uma rota em andamento.",
  loadError: "Erro ao carregar rotas. Tente novamente.",
  started: "Rota iniciada com sucesso!",
  startError: "Erro ao iniciar a rota. Tente novamente.",
  finished: "Rota finalizada com sucesso!",
  finishError: "Erro ao finalizar a rota. Tente novamente.",
  busy: "Esta rota já está em andamento por outro usuário.",
  /** Starting a second route while one is in progress (issue 19 §12): the original's notice, and what to do. */
  secondStart: "Você tem uma rota em andamento. Finalize-a antes de iniciar outra.",
  missingPrefix: "Por favor, preencha os seguintes campos obrigatórios: ",
  // Ours, where the original is silent.
  notFound: "Rota não encontrada.",
  notStarted: "Esta rota não está em andamento. Inicie a rota antes de finalizá-la.",
  alreadyFinished: "Esta rota já foi finalizada.",
  position: "Posição inválida.",
  fixAt: "Horário da localização inválido. Obtenha a localização de novo ou informe o CEP.",
  phone: "Telefone da sala da brigada: use apenas números, espaços, parênteses, + e -.",
  count: (label: string) => `${label}: informe um número inteiro maior ou igual a 0.`,
  photoFailed: "Não foi possível guardar a foto; a visita foi finalizada sem ela.",
  empty: "Nenhuma rota para hoje.",
} as const;

export const CONTRACT_TYPES = ["Shopping", "Condomínio", "Escola", "Faculdade", "Feira", "Hotel", "Outro"] as const;

/** The finish form's required fields and their labels, in the form's order. */
export const FINISH_FIELDS = {
  brigadePhone: "Telefone da sala da brigada",
  basicFirefighters: "Bombeiros civis básicos",
  lifeguards: "Salva-vidas",
  hasBrigadeLeader: "Possui líder de brigada",
  hasMasterFirefighter: "Possui mestre bombeiro efetivo",
  totalWorkers: "Total de trabalhadores no local",
  dayWorkers: "Diurnos",
  nightWorkers: "Noturnos",
  outsourced: "Trabalhadores terceirizados",
  directContractType: "Tipo de contratação direta",
  directContractOther: "Outro tipo de contratação",
} as const;
export type FinishField = keyof typeof FINISH_FIELDS;

export type Operational = {
  brigadePhone: string;
  basicFirefighters: number;
  lifeguards: number;
  hasBrigadeLeader: boolean;
  hasMasterFirefighter: boolean;
  totalWorkers: number;
  dayWorkers: number;
  nightWorkers: number;
  outsourced: boolean;
  directContractType: string | null;
};

const PHONE_CHARS = /^[0-9 ()+-]+$/;

/**
 * The finish form's rules (original section 5): every required field present, else one message
 * listing them all; the phone takes digits, spaces, parentheses, plus and minus; counts ≥ 0;
 * a direct-contract type when not outsourced ('Outro' takes free text). Pure: the page checks
 * before sending and the server again.
 */
export function validateFinish(
  input: Record<FinishField, string>,
): { ok: true; value: Operational } | { ok: false; message: string; field?: FinishField; missing: FinishField[] } {
  const missing: FinishField[] = [];
  const yes = (v: string) => v === "sim";
  const answered = (v: string) => v === "sim" || v === "nao";
  for (const k of ["brigadePhone", "basicFirefighters", "lifeguards"] as const) if (!input[k]) missing.push(k);
  if (!answered(input.hasBrigadeLeader)) missing.push("hasBrigadeLeader");
  if (!answered(input.hasMasterFirefighter)) missing.push("hasMasterFirefighter");
  for (const k of ["totalWorkers", "dayWorkers", "nightWorkers"] as const) if (!input[k]) missing.push(k);
  if (!answered(input.outsourced)) missing.push("outsourced");
  if (input.outsourced === "nao") {
    if (!input.directContractType) missing.push("directContractType");
    else if (input.directContractType === "Outro" && !input.directContractOther) missing.push("directContractOther");
  }
  if (missing.length) {
    return { ok: false, missing, message: `${ROUTE_MESSAGES.missingPrefix}${missing.map((k) => FINISH_FIELDS[k]).join(", ")}` };
  }
  if (!PHONE_CHARS.test(input.brigadePhone)) return { ok: false, missing, field: "brigadePhone", message: ROUTE_MESSAGES.phone };
  const counts = {} as Record<"basicFirefighters" | "lifeguards" | "totalWorkers" | "dayWorkers" | "nightWorkers", number>;
  for (const k of ["basicFirefighters", "lifeguards", "totalWorkers", "dayWorkers", "nightWorkers"] as const) {
    if (!/^\d{1,6}$/.test(input[k])) return { ok: false, missing, field: k, message: ROUTE_MESSAGES.count(FINISH_FIELDS[k]) };
    counts[k] = Number(input[k]);
  }
  let directContractType: string | null = null;
  if (input.outsourced === "nao") {
    if (input.directContractType === "Outro") directContractType = input.directContractOther;
    else if ((CONTRACT_TYPES as readonly string[]).includes(input.directContractType)) directContractType = input.directContractType;
    else
      return { ok: false, missing, field: "directContractType", message: `${FINISH_FIELDS.directContractType}: escolha uma das opções.` };
  }
  return {
    ok: true,
    value: {
      brigadePhone: input.brigadePhone,
      ...counts,
      hasBrigadeLeader: yes(input.hasBrigadeLeader),
      hasMasterFirefighter: yes(input.hasMasterFirefighter),
      outsourced: yes(input.outsourced),
      directContractType,
    },
  };
}

/** The earliest fix time accepted (a browser's `position.timestamp`, ms since 1970). */
const EARLIEST_FIX_MS = Date.UTC(2000, 0, 1);
/** How far ahead of the server's clock a device's clock may be. */
const FIX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * A browser position as sent by the form, or null when absent; "invalid" for coordinates out of
 * range, "invalidFix" for a fix time that is not a time between 2000 and a day from now (issue
 * 18 §5: `fixAt=9e15` is past JavaScript's last date and answered 500).
 */
export function parsePosition(p: { lat: string; lon: string; accuracy: string; fixAt: string }, now = Date.now()) {
  if (!p.lat || !p.lon) return null;
  const lat = Number(p.lat);
  const lon = Number(p.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return "invalid" as const;
  const accuracy = p.accuracy ? Number(p.accuracy) : null;
  let fixAt: Date | null = null;
  if (p.fixAt) {
    const fixMs = Number(p.fixAt);
    if (!Number.isFinite(fixMs) || fixMs < EARLIEST_FIX_MS || fixMs > now + FIX_CLOCK_SKEW_MS) return "invalidFix" as const;
    fixAt = new Date(Math.round(fixMs));
  }
  return {
    lat,
    lon,
    accuracy: accuracy !== null && Number.isFinite(accuracy) && accuracy >= 0 && accuracy < 1e6 ? accuracy : null,
    fixAt,
  };
}
