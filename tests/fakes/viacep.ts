/**
 * A local fake of the ViaCEP API over real HTTP: `GET /ws/{8 digits}/json/` answers the
 * address of a known CEP, `{ "erro": true }` for an unknown one and 400 for a malformed one, as
 * the real service does. Point the app at it with `CEP_API_URL: fake.url`.
 */
import { startFakeJsonService, type FakeJsonService } from "./json-service";

export type FakeCepAddress = { logradouro: string; bairro: string; localidade: string; uf: string };

export const KNOWN_CEPS: Record<string, FakeCepAddress> = {
  "70040010": { logradouro: "Setor Comercial Sul Quadra 1", bairro: "Asa Sul", localidade: "Brasília", uf: "DF" },
  "72110015": { logradouro: "QNA 15", bairro: "Taguatinga Norte", localidade: "Brasília", uf: "DF" },
  "73000000": { logradouro: "", bairro: "", localidade: "Sobradinho", uf: "DF" },
};
/** Well-formed but not in the fake's list: ViaCEP answers `{ "erro": true }`. */
export const UNKNOWN_CEP = "99999999";

export type FakeViaCep = FakeJsonService & { ceps: Record<string, FakeCepAddress> };

export async function startFakeViaCep(options: { hangMs?: number } = {}): Promise<FakeViaCep> {
  const ceps = { ...KNOWN_CEPS };
  const service = await startFakeJsonService((url) => {
    const m = /^\/ws\/([^/]+)\/json\/?$/.exec(url.pathname);
    if (!m) return { status: 404, body: { message: "not found" } };
    if (!/^\d{8}$/.test(m[1])) return { status: 400, body: { erro: true } };
    const a = ceps[m[1]];
    if (!a) return { status: 200, body: { erro: true } };
    return {
      status: 200,
      body: {
        cep: `${m[1].slice(0, 5)}-${m[1].slice(5)}`,
        ...a,
        complemento: "",
        unidade: "",
        estado: "",
        regiao: "",
        ibge: "5300108",
        gia: "",
        ddd: "61",
        siafi: "9701",
      },
    };
  }, options);
  return Object.assign(service, { ceps });
}
