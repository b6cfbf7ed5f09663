import { Link } from "react-router";
import { EyeOff, FileLock2, ImageOff, KeyRound, Search } from "~/components/icons/sprite";
import { IconFact } from "~/components/icons/icon-tile";

const POINTS = [
  {
    icon: EyeOff,
    title: "Sem identificação",
    text: "Não pedimos nome, e-mail nem cadastro, e não registramos seu endereço IP, navegador ou cookies.",
  },
  {
    icon: ImageOff,
    title: "Fotos sem metadados",
    text: "Imagens são reprocessadas: localização GPS, data e modelo do aparelho são descartados.",
  },
  {
    icon: FileLock2,
    title: "Áudio e PDF como enviados",
    text: "Esses arquivos são guardados exatamente como chegam e podem conter dados seus. Revise antes de enviar.",
  },
  {
    icon: KeyRound,
    title: "Código de acompanhamento",
    text: "Ao enviar, você recebe um código de 16 dígitos para acompanhar a denúncia e conversar com o sindicato.",
  },
];

/** A point on the white card: a pale tile, a dark name. */
const POINT = {
  tile: "grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700",
  titleClassName: "block text-sm font-semibold text-slate-900",
};

export function AnonymityAside({ showFollowUp = true }: { showFollowUp?: boolean }) {
  return (
    <aside className="grid min-w-0 content-start gap-6" aria-label="Como protegemos seu anonimato">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-base font-bold text-navy-950">Como protegemos você</h2>
        <ul className="mt-4 grid gap-4">
          {POINTS.map(({ icon, title, text }) => (
            <IconFact key={title} {...POINT} icon={icon} title={title}>
              <span className="block text-sm text-slate-700">{text}</span>
            </IconFact>
          ))}
        </ul>
        <p className="mt-5 border-t border-slate-200 pt-4 text-xs text-slate-600">
          Saiba mais no nosso{" "}
          <Link to="/privacidade" className="font-semibold text-brand-700 underline underline-offset-2">
            aviso de privacidade
          </Link>
          .
        </p>
      </div>
      {showFollowUp ? (
        <div className="rounded-2xl bg-gradient-to-br from-navy-900 to-navy-950 p-6 text-white shadow-sm">
          <Search className="size-6 text-flame-300" aria-hidden />
          <h2 className="mt-3 text-base font-bold">Já fez uma denúncia?</h2>
          <p className="mt-1 text-sm text-slate-200">Use seu código de 16 dígitos para ver o andamento e as respostas do sindicato.</p>
          <Link
            to="/denuncia/acompanhar"
            className="mt-4 inline-flex h-10 items-center rounded-lg bg-white px-4 text-sm font-semibold text-navy-950 hover:bg-slate-100"
          >
            Acompanhar denúncia
          </Link>
        </div>
      ) : null}
    </aside>
  );
}
