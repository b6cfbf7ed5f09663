import { afterAll, beforeAll } from "vitest";
import { startFakeTiles, type FakeTiles } from "../fakes/map-tiles";
import { startFakeViaCep, type FakeViaCep } from "../fakes/viacep";
import { startFakeNominatim, type FakeNominatim } from "../fakes/nominatim";

type NominatimOptions = Parameters<typeof startFakeNominatim>[0];

/**
 * The outside services a test file fakes (map tiles, ViaCEP, Nominatim): started in a
 * `beforeAll` registered before the suite's, so `env()` hands their addresses to the server;
 * closed after it, with the variables the server set removed.
 *
 *     const outside = useOutsideFakes({ viacep: true });
 *     const t = useBrowserSuite({ env: outside.env });
 */
export function useOutsideFakes(want: { tiles?: boolean; viacep?: boolean; nominatim?: boolean | NominatimOptions }) {
  let tiles: FakeTiles | undefined;
  let viacep: FakeViaCep | undefined;
  let nominatim: FakeNominatim | undefined;
  beforeAll(async () => {
    if (want.tiles) tiles = await startFakeTiles();
    if (want.viacep) viacep = await startFakeViaCep();
    if (want.nominatim) nominatim = await startFakeNominatim(want.nominatim === true ? {} : want.nominatim);
  });
  afterAll(async () => {
    await tiles?.close();
    await viacep?.close();
    await nominatim?.close();
    delete process.env.MAP_TILE_URL;
    delete process.env.CEP_API_URL;
    delete process.env.GEOCODER_URL;
  });
  const started = <T>(fake: T | undefined, name: string): T => {
    if (!fake) throw new Error(`serviço falso ${name} não iniciado`);
    return fake;
  };
  return {
    get tiles() {
      return started(tiles, "de mapas");
    },
    get viacep() {
      return started(viacep, "ViaCEP");
    },
    get nominatim() {
      return started(nominatim, "Nominatim");
    },
    /** The server's environment: the address of each fake this file started. */
    env: (): Record<string, string> => ({
      ...(tiles ? { MAP_TILE_URL: tiles.template } : {}),
      ...(viacep ? { CEP_API_URL: viacep.url } : {}),
      ...(nominatim ? { GEOCODER_URL: nominatim.url } : {}),
    }),
  };
}
