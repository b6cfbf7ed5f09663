import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import {
  Mail,
  MapPin,
  MessageSquare,
  Server,
  ShieldAlert,
  ShieldCheck,
  UserCog,
  Users,
  type IconComponent,
} from "~/components/icons/sprite";
import type { Route } from "./+types/privacy";
import { getInstitutionalContent } from "~/domain/content/get-content.server";
import { seoMeta } from "~/utils/seo";
import { formatLongDate } from "~/lib/long-date";
import { PageHero } from "~/components/layout/page-hero";
import { DataTable } from "~/components/ui/data-table";

/** When this notice last changed in substance (update it with the text). */
export const PRIVACY_NOTICE_DATE = "2026-11-21T12:00:00-03:00";

export async function loader(_: Route.LoaderArgs) {
  return { content: await getInstitutionalContent() };
}

export const meta: Route.MetaFunction = seoMeta({
  title: "Aviso de Privacidade",
  description:
    "Como o sindicato trata dados pessoais no site e no sistema interno: dados coletados, finalidades, bases legais da LGPD, prazos, direitos dos titulares, segurança e cookies.",
  path: "/privacidade",
});

const SECTIONS = [
  { id: "controlador", title: "Quem trata os dados" },
  { id: "dados", title: "Quais dados tratamos" },
  { id: "finalidades", title: "Finalidades e bases legais" },
  { id: "compartilhamento", title: "Com quem compartilhamos" },
  { id: "retencao", title: "Por quanto tempo guardamos" },
  { id: "direitos", title: "Seus direitos" },
  { id: "seguranca", title: "Segurança" },
  { id: "cookies", title: "Cookies" },
  { id: "alteracoes", title: "Alterações deste aviso" },
] as const;

function Section({ id, n, children }: { id: (typeof SECTIONS)[number]["id"]; n: number; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section aria-labelledby={id} className="scroll-mt-24 border-t border-slate-200 pt-10 first:border-t-0 first:pt-0">
      <h2 id={id} className="flex items-baseline gap-3 text-2xl font-extrabold text-navy-950">
        <span className="text-base font-bold text-brand-700" aria-hidden>
          {String(n).padStart(2, "0")}
        </span>
        {title}
      </h2>
      <div className="mt-5 grid gap-4 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4 [&_strong]:text-slate-900">
        {children}
      </div>
    </section>
  );
}

function DataCard({ title, icon: Icon, children }: { title: string; icon: IconComponent; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 sm:inline-flex">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="font-bold text-navy-950">{title}</h3>
        <div className="mt-1.5 grid gap-2 text-[0.95rem] text-slate-700">{children}</div>
      </div>
    </div>
  );
}

function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="grid gap-2 pl-5 marker:text-brand-700 [list-style:disc]">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** The privacy notice's two tables (§3 and §8). */
const PURPOSES = [
  {
    activity: "Contato",
    purpose: "Receber, encaminhar ao setor e responder sua mensagem.",
    basis: "Consentimento (art. 7º, I), dado ao marcar a caixa do formulário.",
  },
  {
    activity: "Denúncia anônima",
    purpose: "Apurar irregularidades nos locais de trabalho e responder pelo código de acompanhamento.",
    basis:
      "Legítimo interesse da categoria na defesa de seus direitos (art. 7º, IX) e exercício regular de direitos (art. 7º, VI; art. 11, II, “d”, quando houver dado sensível).",
  },
  {
    activity: "Associados",
    purpose: "Manter a filiação, cobrar mensalidades, prestar atendimento e representar o associado.",
    basis:
      "Consentimento específico dado na filiação (art. 11, I), cumprimento de obrigação legal (art. 11, II, “a”) e exercício regular de direitos, inclusive em processos (art. 11, II, “d”).",
  },
  {
    activity: "Equipe",
    purpose: "Controlar o acesso à área restrita e registrar quem fez cada alteração.",
    basis: "Execução de contrato (art. 7º, V) e legítimo interesse na segurança do sistema (art. 7º, IX).",
  },
  {
    activity: "Segurança do site",
    purpose: "Impedir abusos e ataques aos formulários e ao login.",
    basis: "Legítimo interesse (art. 7º, IX).",
  },
];

const COOKIES = [
  {
    name: "__Host-sid",
    purpose: "Mantém a sessão de quem faz login na área restrita (somente equipe do sindicato).",
    duration: "Até 12 horas; encerrado após 30 minutos sem uso ou ao sair.",
  },
  {
    name: "__Host-flash",
    purpose: "Leva uma mensagem de aviso (por exemplo, “enviado com sucesso”) para a página seguinte.",
    duration: "60 segundos; apagado assim que a mensagem é exibida.",
  },
];

/** The notice's tables: in its bordered box, a row's first cell its header. */
const NOTICE_TABLE = {
  className: "overflow-visible rounded-xl border border-slate-200 shadow-none",
  headClassName: "bg-slate-50 text-xs uppercase tracking-wide text-slate-700",
  bodyClassName: "divide-y divide-slate-200 align-top",
} as const;

export default function PrivacyPage() {
  const { content } = useLoaderData<typeof loader>();
  const mail = (
    <a href={`mailto:${content.email}?subject=${encodeURIComponent("Privacidade - solicitação de titular (LGPD)")}`}>{content.email}</a>
  );
  return (
    <>
      <PageHero
        eyebrow="LGPD"
        title="Aviso de Privacidade"
        lead="Como tratamos dados pessoais neste site e no sistema interno do sindicato, conforme a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018)."
      >
        <p className="mt-6 text-sm text-slate-300">{`Última atualização: ${formatLongDate(PRIVACY_NOTICE_DATE)}`}</p>
      </PageHero>

      <div className="container-page grid gap-10 py-14 lg:grid-cols-[16rem_1fr] lg:gap-14 lg:py-20">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <nav aria-label="Índice do aviso" className="rounded-xl border border-slate-200 bg-slate-50 p-5">
            <p className="text-sm font-bold uppercase tracking-wider text-navy-950">Nesta página</p>
            <ol className="mt-3 grid gap-1 text-sm">
              {SECTIONS.map((s, i) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-white hover:text-brand-800">
                    <span className="w-5 font-semibold text-brand-700">{i + 1}.</span>
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="mt-4 rounded-xl bg-navy-950 p-5 text-sm text-slate-200">
            <ShieldCheck aria-hidden className="size-6 text-flame-400" />
            <p className="mt-2 font-semibold text-white">Dúvidas ou pedidos sobre seus dados?</p>
            <p className="mt-1">Escreva para o canal de privacidade do sindicato:</p>
            <a
              href={`mailto:${content.email}`}
              className="mt-2 inline-flex items-center gap-2 font-semibold text-white underline underline-offset-4 [overflow-wrap:anywhere]"
            >
              <Mail aria-hidden className="size-4 shrink-0" />
              <span>
                {content.email.split("@")[0]}@<wbr />
                {content.email.split("@").slice(1).join("@")}
              </span>
            </a>
          </div>
        </aside>

        <article className="grid min-w-0 max-w-3xl gap-10">
          <Section id="controlador" n={1}>
            <p>
              O controlador dos dados pessoais tratados neste site e no sistema interno é o <strong>{content.name}</strong>,{" "}
              {content.address}
              {content.addressDetail ? ` (${content.addressDetail})` : ""}. Pedidos e dúvidas sobre privacidade, inclusive para o
              encarregado pelo tratamento de dados, são recebidos pelo e-mail {mail}.
            </p>
            <p>
              Este aviso vale para o site público (páginas institucionais, notícias, convenções, parceiros, formulário de contato e canal de
              denúncia anônima) e para a área restrita usada pela equipe do sindicato.
            </p>
          </Section>

          <Section id="dados" n={2}>
            <p>Tratamos apenas os dados necessários para cada atividade:</p>
            <div className="grid gap-4">
              <DataCard title="Formulário de contato (Fale Conosco)" icon={MessageSquare}>
                <p>
                  Nome, e-mail, telefone (opcional), assunto, mensagem, setor escolhido e o registro do seu consentimento. A resposta da
                  equipe, quem respondeu e quando também ficam registrados.
                </p>
              </DataCard>
              <DataCard title="Denúncia anônima" icon={ShieldAlert}>
                <p>
                  Somente o que você escreve (título, empresa, local, descrição) e o arquivo de evidência que decidir anexar.{" "}
                  <strong>Não guardamos endereço IP, navegador (user agent) nem cookies</strong> nas páginas de denúncia, e elas não
                  carregam recursos de terceiros.
                </p>
                <p>
                  Imagens são regravadas sem metadados (como localização GPS). Arquivos PDF e de áudio são guardados como enviados e podem
                  conter dados que identificam o autor: verifique-os antes de enviar. O código de acompanhamento é guardado apenas na forma
                  de um resumo criptográfico (hash); não temos como recuperá-lo.
                </p>
              </DataCard>
              <DataCard title="Contas da equipe" icon={UserCog}>
                <p>
                  Usuário, nome, e-mail, perfil de acesso e a senha guardada somente como hash (Argon2id). Registramos as ações feitas na
                  área restrita (quem, quando e o quê) em um registro de auditoria.
                </p>
              </DataCard>
              <DataCard title="Associados e atendimentos (área restrita)" icon={Users}>
                <p>
                  Dados cadastrais dos associados (nome, CPF, data de nascimento, sexo, endereço, telefones, e-mail, matrícula, local de
                  trabalho e situação), mensalidades, atendimentos e seus históricos. A filiação sindical é{" "}
                  <strong>dado pessoal sensível</strong> (LGPD, art. 5º, II) e só é acessada pelos setores que precisam dela.
                </p>
              </DataCard>
              <DataCard title="Postos de trabalho e visitas de campo" icon={MapPin}>
                <p>
                  Dados das empresas e postos visitados e, durante uma visita, a posição do aparelho da equipe de campo no início e no fim e
                  a foto registrada (regravada sem metadados). Endereços residenciais de associados nunca são enviados a serviços de mapas.
                </p>
              </DataCard>
              <DataCard title="Registros técnicos" icon={Server}>
                <p>
                  O servidor registra método, endereço da página, resultado e duração de cada requisição, sem IP nem navegador. Para limitar
                  abusos nos formulários, contadores temporários usam um código derivado do IP com chave que muda todos os dias, nunca o
                  próprio endereço. Na denúncia anônima, o contador guarda só um entre 1.024 grupos de endereços, com uma chave que nunca é
                  gravada no banco, e é apagado depois que o prazo do limite termina.
                </p>
              </DataCard>
            </div>
          </Section>

          <Section id="finalidades" n={3}>
            <DataTable
              {...NOTICE_TABLE}
              caption="Finalidades e bases legais do tratamento"
              rows={PURPOSES}
              rowKey={(r) => r.activity}
              columns={[
                { header: "Atividade", label: false, rowHeader: true, className: "font-semibold text-slate-900", cell: (r) => r.activity },
                { header: "Finalidade", cell: (r) => r.purpose },
                { header: "Base legal (LGPD)", label: "Base legal", cell: (r) => r.basis },
              ]}
            />
            <p>Não usamos os dados para publicidade, não os vendemos e não fazemos decisões automatizadas sobre você.</p>
          </Section>

          <Section id="compartilhamento" n={4}>
            <p>Os dados ficam no servidor do sindicato e só são compartilhados quando necessário:</p>
            <Bullets
              items={[
                <>com o provedor de e-mail usado para enviar as respostas às mensagens de contato;</>,
                <>com o provedor de hospedagem do servidor, que guarda os dados em nome do sindicato;</>,
                <>com autoridades públicas, quando houver obrigação legal ou ordem judicial.</>,
              ]}
            />
            <p>
              O site não usa ferramentas de análise nem de publicidade. O mapa da página inicial carrega imagens do OpenStreetMap: ao
              exibi-lo, seu navegador se conecta a esse serviço, que recebe o seu endereço IP. Links para redes sociais e WhatsApp levam a
              serviços de terceiros, com políticas de privacidade próprias.
            </p>
          </Section>

          <Section id="retencao" n={5}>
            <Bullets
              items={[
                <>
                  <strong>Mensagens de contato:</strong> pelo tempo necessário para atender o pedido e registrar o atendimento prestado.
                </>,
                <>
                  <strong>Denúncias:</strong> enquanto a apuração estiver em andamento e pelo tempo em que puderem ser necessárias à defesa
                  da categoria.
                </>,
                <>
                  <strong>Associados:</strong> enquanto durar a filiação e, depois, pelos prazos exigidos por lei ou para o exercício de
                  direitos. Ao fim, os dados são eliminados ou anonimizados.
                </>,
                <>
                  <strong>Sessões da equipe:</strong> expiram após 30 minutos sem uso ou 12 horas após o login, e são apagadas
                  periodicamente.
                </>,
                <>
                  <strong>Contadores contra abuso:</strong> duram minutos ou horas e usam códigos que mudam todos os dias.
                </>,
              ]}
            />
          </Section>

          <Section id="direitos" n={6}>
            <p>Como titular, você pode pedir ao sindicato, a qualquer momento (LGPD, art. 18):</p>
            <Bullets
              items={[
                "confirmação de que tratamos seus dados e acesso a eles;",
                "correção de dados incompletos, inexatos ou desatualizados;",
                "anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;",
                "portabilidade dos dados a outro fornecedor de serviço;",
                "eliminação dos dados tratados com base no seu consentimento;",
                "informação sobre com quem compartilhamos seus dados;",
                "informação sobre a possibilidade de não consentir e suas consequências;",
                "revogação do consentimento (art. 8º, § 5º).",
              ]}
            />
            <div className="rounded-xl border-l-4 border-brand-600 bg-brand-50 p-5 text-slate-800">
              <p className="font-semibold text-navy-950">Como exercer seus direitos</p>
              <p className="mt-1">
                Envie um e-mail para {mail} ou procure a sede ({content.address}) em{" "}
                {content.hours.charAt(0).toLowerCase() + content.hours.slice(1)}. Podemos pedir uma confirmação de identidade antes de
                atender, para proteger seus dados. Respondemos em até 15 dias (art. 19, II). Você também pode peticionar à Autoridade
                Nacional de Proteção de Dados (ANPD).
              </p>
              <p className="mt-2">
                <strong>Filiados:</strong> para receber uma cópia de tudo o que o sindicato guarda sobre você (cadastro, foto, atendimentos,
                cobranças e o registro de quem acessou ou alterou seus dados), em arquivo JSON ou planilha CSV, ou para pedir a anonimização
                do seu cadastro, escreva para {mail} informando nome completo e matrícula, ou procure a secretaria na sede. Depois de
                confirmar sua identidade, a administração gera a cópia ou anonimiza o cadastro: nome, CPF, contatos, endereço, data de
                nascimento, observações e foto são apagados de forma definitiva, e ficam só a matrícula e os números agregados (que não
                identificam você). A anonimização não pode ser desfeita.
              </p>
              <p className="mt-2">
                Denúncias são anônimas: como não sabemos quem as enviou, não conseguimos associá-las a um pedido de titular. Para acompanhar
                ou complementar uma denúncia, use o código recebido em <Link to="/denuncia/acompanhar">Acompanhar denúncia</Link>.
              </p>
            </div>
          </Section>

          <Section id="seguranca" n={7}>
            <Bullets
              items={[
                "acesso à área restrita só com usuário e senha, por perfil, e cada tela libera apenas os setores autorizados;",
                "senhas guardadas com Argon2id; sessões no servidor, encerradas por inatividade e na saída;",
                "registro de auditoria das alterações e de cada exportação ou consulta a dados pessoais de associados;",
                "arquivos enviados verificados pelo conteúdo e imagens regravadas sem metadados; downloads só para quem tem permissão;",
                "CPFs mascarados nas listas para os perfis que não precisam vê-los completos;",
                "cabeçalhos de segurança em todas as páginas e cópias de segurança do banco de dados.",
              ]}
            />
            <p>
              Nenhum sistema é totalmente imune a incidentes. Se ocorrer um incidente que possa causar risco ou dano relevante, o sindicato
              comunicará os titulares afetados e a ANPD (art. 48).
            </p>
          </Section>

          <Section id="cookies" n={8}>
            <p>
              Usamos apenas cookies estritamente necessários, sem finalidade de análise ou publicidade. Por isso não há banner de
              consentimento de cookies.
            </p>
            <DataTable
              {...NOTICE_TABLE}
              caption="Cookies usados pelo site"
              rows={COOKIES}
              rowKey={(r) => r.name}
              columns={[
                {
                  header: "Cookie",
                  label: false,
                  rowHeader: true,
                  className: "font-mono text-xs font-semibold text-slate-900",
                  cell: (r) => r.name,
                },
                { header: "Para que serve", cell: (r) => r.purpose },
                { header: "Duração", cell: (r) => r.duration },
              ]}
            />
            <p>As páginas de denúncia não gravam nenhum cookie.</p>
          </Section>

          <Section id="alteracoes" n={9}>
            <p>
              Este aviso pode ser atualizado quando o site ou a legislação mudarem. A data da última atualização aparece no topo da página.
              Mudanças relevantes serão destacadas no site.
            </p>
          </Section>
        </article>
      </div>
    </>
  );
}
